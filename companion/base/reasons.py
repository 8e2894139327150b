"""Why the operating system refused to read or write a file, in the player's language."""

from __future__ import annotations

import errno

from companion.rules.common import Lang, Msg

_REASONS = {
    errno.ENOENT: Msg("no such file or folder", "そのファイルまたはフォルダはありません"),
    errno.EACCES: Msg("permission denied", "アクセスが許可されていません"),
    errno.EPERM: Msg("permission denied", "アクセスが許可されていません"),
    errno.EISDIR: Msg("it is a folder", "フォルダです"),
    errno.ENOTDIR: Msg("a part of the path is not a folder", "途中にフォルダでないものがあります"),
    errno.ENOSPC: Msg("the disk is full", "ディスクがいっぱいです"),
    errno.EROFS: Msg("the disk is read-only", "読み取り専用のディスクです"),
}


def os_reason(error: OSError, lang: Lang) -> str:
    """Why the operating system refused, in ``lang`` where we know the reason."""
    if error.errno in _REASONS:
        return _REASONS[error.errno].text(lang)
    return error.strerror or str(error)
