"""Text layout shared by the app and the printables: the one line breaker (companion.text.linebreak)."""

from companion.text.linebreak import cell_width, segments, wrap

__all__ = ["cell_width", "segments", "wrap"]
