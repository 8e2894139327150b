"""companion: a print-and-play table companion for three card games."""

__version__ = "0.1.0"
