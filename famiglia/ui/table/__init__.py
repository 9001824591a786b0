"""The table scene's parts: layout (window size and zone contents → rects), card sprites and
their images, the event animator, the drag-and-drop and click controller, and the game log."""
