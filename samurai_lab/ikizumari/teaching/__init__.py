"""Teaching SAMOURAI without widgets: the guided lesson as data, and a session that checks the tries."""

from .lesson import CHAPTERS, TASKS, LessonSession, Task, check_try  # noqa: F401
