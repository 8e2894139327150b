"""Every sentence of the app exists in both languages, and the Japanese is Japanese."""

from __future__ import annotations

import re

from companion.app.words import WORDS, W

# Words that stay as they are in Japanese text: key names, names of things, the other language's name.
KEPT = {"Tab", "Enter", "Esc", "Ctrl", "JSON", "QR", "HOMALET", "companion", "BG", "Stats"}  # BG Stats: an app


def test_every_sentence_has_english_and_japanese() -> None:
    for key, msg in WORDS.items():
        assert msg.en.strip() and msg.ja.strip(), key


def test_japanese_sentences_hold_no_english_words() -> None:
    for key, msg in WORDS.items():
        if msg in (W.home_lang, W.key_lang, W.lang_name, W.cmd_lang):  # the other language, named in itself
            continue
        words = set(re.findall(r"[A-Za-z]{2,}", msg.ja)) - KEPT
        assert not words, (key, msg.ja)
