"""Game records and their codecs: a record as plain data and its fold (game_records), as QR code texts
(qr_record), and a game's details beside its moves (play_details). Pure: the standard library only."""
