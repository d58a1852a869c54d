"""The one error type for a file Plagscope cannot use."""


class LoadError(Exception):
    """A file could not be read as a document; `path` names it and `reason` says why."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = str(path)
        self.reason = reason

    def __reduce__(self):
        return (LoadError, (self.path, self.reason))
