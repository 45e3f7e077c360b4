"""The screens: the battle (its story, banners, sidebar and drawing), the Field Editor,
the replay."""
