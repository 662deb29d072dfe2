"""Where saved games live: an explicit folder, else GOFISH_DATA_DIR, else the user data folder.

The folder is created private (0700): on a shared SSH host nobody else reads your games.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs

from gofish.i18n import _

from .errors import StoreError

ENV_VAR = "GOFISH_DATA_DIR"
APP_NAME = "gofish"
PROFILES = "profiles"
_PROFILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}")


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None, *,
                     profile: str | None = None) -> Path:
    """The data folder to use (not created): ``explicit`` > GOFISH_DATA_DIR > platformdirs.

    A ``profile`` is a named sub-folder (``profiles/NAME``), so one account can keep separate
    histories, for example per family member.
    """
    if explicit:
        base = Path(explicit)
    elif os.environ.get(ENV_VAR):
        base = Path(os.environ[ENV_VAR])
    else:
        base = platformdirs.user_data_path(APP_NAME)
    base = base.expanduser()
    if profile is not None:
        if not _PROFILE.fullmatch(profile):
            raise StoreError(_("a profile name is 1 to 32 letters, digits, - or _"))
        base = base / PROFILES / profile
    return base


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` and its missing parents, each with mode 0700; existing ones are left.

    ``mkdir(parents=True)`` would give the parents the umask's mode (0755 usually), so that a
    fresh ``<data>/settings`` or ``<data>/tables`` left the data folder itself readable by all.
    """
    try:
        if path.is_dir():
            return path
        missing = []
        folder = path
        while not os.path.lexists(folder) and folder.parent != folder:
            missing.append(folder)
            folder = folder.parent
        for folder in reversed(missing):
            try:
                folder.mkdir(mode=0o700)
            except FileExistsError:
                if not folder.is_dir():
                    raise
                continue  # another process made it first: theirs, as it is
            os.chmod(folder, 0o700)  # mkdir's mode is filtered by the umask
    except FileExistsError:
        raise StoreError(_("{path} is not a folder").format(path=path)) from None
    except NotADirectoryError:
        raise StoreError(_("{path} is not a folder").format(path=path)) from None
    except OSError as e:
        raise StoreError(_("cannot create the folder {path}: {error}").format(
            path=path, error=e.strerror or e)) from None
    if not path.is_dir():
        raise StoreError(_("{path} is not a folder").format(path=path))
    return path
