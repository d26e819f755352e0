"""py3langid's model, kept unpacked in retell's cache folder.

py3langid ships its model as 4.5 MB of xz around a 68 MB numpy archive: unpacking it costs 0.7-0.9 s of CPU on
every triage that needs the model (most English sessions), loading the unpacked archive 0.1 s. The first load
writes the unpacked archive to `$XDG_CACHE_HOME/retell/` (named by py3langid's version and the packed file's
size); later ones read it. The arrays are the same bytes, so the identifier answers exactly as py3langid's own
loader makes it; a py3langid this was not written against, a cache that cannot be read or written, is loaded
py3langid's own way.
"""

from __future__ import annotations

import contextlib
import logging
import lzma
import shutil
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from retell.userconfig import cache_dir

# py3langid versions whose loader (modelio.load_model + LanguageIdentifier.from_model_file) this mirrors
_MIRRORED = frozenset({"0.4.0"})

log = logging.getLogger(__name__)


def load_identifier() -> Any:
    """py3langid's LanguageIdentifier with normalised probabilities."""
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier

    version = model_version()
    packed = MODEL_DIR / MODEL_FILE
    if version in _MIRRORED:
        unpacked = None
        try:
            unpacked = _unpacked(packed, version)
            return _from_unpacked(unpacked)
        except (OSError, ValueError, KeyError, EOFError, lzma.LZMAError, zipfile.BadZipFile) as exc:
            log.debug("py3langid's unpacked model unusable (%s); loading it packed", exc)
            if unpacked is not None:  # damaged: unpacked again next time
                with contextlib.suppress(OSError):
                    unpacked.unlink()
    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def _unpacked(packed: Path, version: str) -> Path:
    target = cache_dir() / f"py3langid-{version}-{packed.stat().st_size}.npz"
    if not target.exists():
        log.debug("unpacking py3langid's model into %s", target)
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=target.parent, prefix=f".{target.name}.", delete=False) as tmp:
            try:
                with lzma.open(packed) as source:
                    shutil.copyfileobj(source, tmp, length=1 << 20)
                tmp.close()
                Path(tmp.name).replace(target)  # whole or not at all: another triage may be reading it
            except BaseException:
                Path(tmp.name).unlink(missing_ok=True)
                raise
    return target


def _from_unpacked(path: Path) -> Any:
    import numpy as np
    from py3langid.langid import LanguageIdentifier
    from py3langid.modelio import _to_array

    # as py3langid.modelio.load_model and LanguageIdentifier.from_model_file build it
    with np.load(path, allow_pickle=False) as data:
        return LanguageIdentifier(
            np.asarray(data["ptc"]),
            np.asarray(data["pc"]),
            data["classes"].tolist(),
            _to_array(data["nextmove"]),
            data["out_feat"].tolist(),
            norm_probs=True,
            tk_row=_to_array(data["nextmove_row"]),
        )


def model_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("py3langid")
    except PackageNotFoundError:
        return "?"
