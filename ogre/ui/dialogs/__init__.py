"""The game's dialogs: the attacks, preferences and keys, the Rules pages, the report and the
record, the hand-over, the Save question, the battle's end."""
