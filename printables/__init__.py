"""Everything companion puts on paper or into image files, drawn with reportlab from the deck files:
decks (sheets, single cards, PNGs for print shops), rule summaries, score sheets, result sheets with the
record in QR codes, and the duplex calibration sheet."""
