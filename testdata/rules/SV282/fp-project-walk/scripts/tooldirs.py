from pathlib import Path

TOKEN_ENV = "SERVICE_TOKEN"


def user_tool_dirs():
    home = Path.home()
    uv_pythons = sorted((home / ".local" / "share" / "uv" / "python").glob("*/bin"))
    return [home / ".local" / "bin", *uv_pythons]
