"""Teaching SAMURAI (katana) without widgets: the guided lesson as data, and the play session model."""

from .lesson import CHAPTERS, Chapter, Task, TaskResult, all_tasks, check_task, task_by_id
from .session import Session

__all__ = ["CHAPTERS", "Chapter", "Task", "TaskResult", "all_tasks", "check_task", "task_by_id", "Session"]
