"""The generic toolkit: the theme, the key map, buttons and dialogs, choices, menus."""
