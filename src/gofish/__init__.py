"""gofish: Go Fish for the terminal."""

# The one place the version is written: `gofish --version` prints it, and the package's
# metadata reads it from here (pyproject.toml, [tool.setuptools.dynamic]).
__version__ = "0.1.0"
