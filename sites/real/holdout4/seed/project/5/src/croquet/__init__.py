"""The Queen's croquet ground."""
