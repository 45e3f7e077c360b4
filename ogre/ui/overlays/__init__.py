"""Over the screens: the Rules window, the Advice, the lessons' panel, the keyboard pointer, and
the computer's mind that thinks beside the loop."""
