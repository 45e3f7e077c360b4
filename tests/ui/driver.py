"""Drive the real app the way a player does: the one driver, tools/app_driver.py (issue 29,
point 5), under the name the UI tests import (`from driver import Driver`)."""

from tools.app_driver import Driver

__all__ = ["Driver"]
