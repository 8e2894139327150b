"""Short complete games of each kind in table notation, as a table would type them (corrections
shorten the hands so a whole game takes a few dozen lines). Shared by the app's tests, the tmux
smoke script and the benchmark."""

PLAYERS = ["Aki", "Ben", "Chie"]

FORTRESS = [
    "A1 R1", "A2 Y2", "A3 G3", "A4 B4", "B1 P5", "B2 K6", "B3 R7", "B4 Y8",
    "correct Aki 1 short game", "correct Ben 1 short game", "correct Chie 1 short game",
    "R13 A1N n", "R13 right", "R1 right", "G3 right", "A1 K1", "A3 K3",
    "Y9 B1N s", "Y9 right",
    "K12 A1N s", "K12 right", "K1 right", "K3 right", "A1 Y1", "A3 Y3",
    "hand Aki none", "hand Ben none", "hand Chie none",
    "pair Aki none", "pair Ben none", "pair Chie none",
]

HOMALET = [
    "reveal 01 02", "reveal 03 04", "reveal 05 06",
    "correct Aki 1 short game", "correct Ben 1 short game", "correct Chie 1 short game",
    "07 b", "17 b void", "27 w", "pick 17", "take 1",
]

DRAGONESS = [
    "open Aki Lo1", "correct Aki 1 short game", "Lo1",
    "open Ben Lo1", "correct Ben 2 short game", "Lo1", "Fr2", "pass", "Cy5",
    "open Chie Lo1", "correct Chie 1 short game", "Lo1",
    "open Aki Lo1", "correct Aki 1 short game", "Lo1",
    "open Ben Lo1", "correct Ben 1 short game", "Lo1",
]

GAMES = {"fortress": FORTRESS, "homalet": HOMALET, "dragoness": DRAGONESS}
WINNERS = {"fortress": ["Aki", "Chie"], "homalet": ["Ben"], "dragoness": ["Ben"]}
