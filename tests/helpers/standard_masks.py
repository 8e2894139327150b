"""Result sheets printed for their words and layout only: the record codes drawn in the standard's
mask instead of the mask chosen by photographing each code through a blur where it stands
(printables.qr, printables.code_check), which is most of printing a sheet. A code's size, and so the
sheet's layout, is the same in any mask; the codes as printed are read by the result-code tests
(test_result_qr_blur.py, test_result_codes.py, test_printables_result.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import printables.qr
import printables.result


@contextmanager
def codes_in_the_standard_mask() -> Iterator[None]:
    """While it lasts, codes are made in the standard's mask; the codes made so are not kept for the
    process's other tests (the code cache is emptied on the way in and out)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(printables.qr, "_survives", lambda matrix, raw: len(printables.qr.PHASES))
        patch.setattr(printables.result, "choose_masks", lambda page, codes: None)
        printables.qr.qr_matrix.cache_clear()
        try:
            yield
        finally:
            printables.qr.qr_matrix.cache_clear()
