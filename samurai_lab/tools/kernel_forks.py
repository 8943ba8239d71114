"""Pages' kernels forked from one warm process: a page's kernel starts without importing anything.

Most of a kernel's start is imports (ipykernel, ipywidgets, ipycanvas, networkx, the apps): about a second of
CPU for every page opened. The server (``voila_app``: ``samurai-lab serve`` and the tests' servers) starts each
kernel as a fork of one *zygote* process that imported all of that once (:data:`PRELOAD`); a fork shares the
zygote's memory until it writes to it (the zygote's objects are frozen out of the kernels' garbage collections,
which would write to every one of them: ``gc.freeze``).

:class:`ForkProvisioner` is a jupyter_client kernel provisioner (entry point :data:`PROVISIONER`). It asks the
zygote for a kernel whose command is this Python's ``-m ipykernel_launcher ...``, with the environment variables
Python reads when it starts (``PYTHON*``) as the zygote's; any other kernel, a platform without ``fork``, or a
zygote that failed, is launched as jupyter_client's ``LocalProvisioner`` launches it.

The zygote forks on each JSON line ``{"argv", "env", "cwd"}`` on its standard input and answers the child's pid
on a pipe once the child has a session of its own (signals to a kernel's process group never reach the zygote).
It reaps its children, and exits when its standard input closes (the server has gone). A fork becomes the kernel
``ipykernel_launcher`` would have made: the page's environment, folder and arguments; the widgets a module made
when imported (ipycanvas's canvas manager) open their comms with the kernel.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import gc
import importlib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import IO, Any, ClassVar

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning import LocalProvisioner

#: The provisioner's name (``jupyter_client.kernel_provisioners`` entry point).
PROVISIONER = "samurai-lab-fork"
#: What the zygote imports: the modules of the apps' notebooks (``tests/test_kernel_forks.py`` holds them to it) and
#: those the games' registry imports when asked (Knizia's declaration, its puzzles), then the kernel's own. The apps'
#: first: a widget made on import gets a placeholder comm, not a kernel's.
PRELOAD = (
    "IPython.display", "samurai_lab", "samurai_lab.ikizumari.widgets.app", "samurai_lab.katana.widgets.app",
    "samurai_lab.knizia.core.playout", "samurai_lab.knizia.widgets.engine_tour", "samurai_lab.knizia.widgets.explorer",
    "samurai_lab.knizia.widgets.from_url", "samurai_lab.knizia.widgets.scoring_explainer", "samurai_lab.ui.header",
    "samurai_lab.ui.landing", "samurai_lab.ui.language", "samurai_lab.ui.puzzles", "samurai_lab.ui.study_app",
    "samurai_lab.ui.together", "samurai_lab.knizia.game", "samurai_lab.knizia.widgets.puzzle",
    "ipykernel.kernelapp", "ipykernel.comm", "ipykernel.debugger", "IPython.core.completer",
    "IPython.core.completerlib", "IPython.core.debugger", "IPython.core.oinspect", "IPython.extensions.storemagic",
    "sqlite3",
)
LAUNCHER = ("-m", "ipykernel_launcher")


def python_variables(env: dict[str, str]) -> dict[str, str]:
    """The variables of ``env`` that Python reads when it starts: a fork cannot take other values of them."""
    return {k: v for k, v in env.items() if k.startswith("PYTHON")}


# ---------------------------------------------------------------------------------------------------- the zygote


def preload(modules: tuple[str, ...] = PRELOAD) -> None:
    """Import ``modules``; one that fails is left to the kernel that needs it (which then says why)."""
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - a broken app must not stop every other page's kernel
            traceback.print_exc()


def _reap(*_: Any) -> None:
    """Collect the kernels that have ended (the zygote is their parent)."""
    with contextlib.suppress(ChildProcessError):  # none left
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


def zygote(answer_fd: int) -> None:
    """Fork a kernel for each request line on standard input; write each child's pid to ``answer_fd``."""
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # no warning from the debugger's import
    gc.disable()  # as the gc module advises before forking: no holes freed in the pages the kernels share
    preload()
    signal.signal(signal.SIGCHLD, _reap)
    with os.fdopen(answer_fd, "w", buffering=1) as answers:
        for line in sys.stdin:
            try:
                request = json.loads(line)
                pid = fork_kernel(request, answer_fd)
            except (ValueError, KeyError, TypeError, OSError) as e:
                print(f"kernel fork refused: {e}", file=sys.stderr)
                pid = 0
            answers.write(f"{pid}\n")


def fork_kernel(request: dict[str, Any], answer_fd: int) -> int:
    """Fork the kernel ``request`` asks for; the child's pid, once it leads a session of its own."""
    ready_r, ready_w = os.pipe()
    gc.freeze()  # the zygote's objects: out of the kernel's collections, which would copy every page they touch
    pid = os.fork()
    if pid == 0:  # the kernel
        code = 1
        gc.enable()
        try:
            os.close(ready_r)
            os.setsid()
            os.write(ready_w, b".")
            os.close(ready_w)
            code = run_kernel(request, answer_fd)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else int(e.code is not None)
        except BaseException:  # noqa: BLE001 - told on stderr, as a kernel that fails to start
            traceback.print_exc()
        finally:
            atexit._run_exitfuncs()  # what ending the interpreter would run (the kernel's history, its files)
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    os.close(ready_w)
    os.read(ready_r, 1)
    os.close(ready_r)
    return pid


def run_kernel(request: dict[str, Any], answer_fd: int) -> int:
    """Become the kernel of ``request`` (in the forked child), as ``python -m ipykernel_launcher ...``."""
    show_as(request["argv"])  # first: the title takes the room of the environment's strings
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    os.close(answer_fd)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    sys.stdin = open(0, closefd=False)  # noqa: SIM115 - the kernel's stdin for its life
    zygote_dir = Path.cwd()
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    if sys.path and (sys.path[0] == "" or Path(sys.path[0]) == zygote_dir):
        del sys.path[0]  # as ipykernel_launcher (the kernel adds its own folder back)
    launcher = importlib.util.find_spec("ipykernel_launcher")
    sys.argv = [launcher.origin if launcher and launcher.origin else "ipykernel_launcher", *request["argv"][3:]]
    from ipykernel.kernelapp import IPKernelApp

    app = IPKernelApp.instance(parent_handle=int(os.environ.get("JPY_PARENT_PID") or 0))
    app.initialize(sys.argv[1:])
    widgets_meet_the_kernel()
    app.start()
    # ipykernel's exit (IPKernelApp.close, at exit) closes the iopub channel before it stops the control thread,
    # which may still be telling "idle" after a shutdown request (a traceback in the server's terminal)
    if app.control_thread is not None:
        app.control_thread.join(timeout=2)
    return 0


def show_as(argv: list[str]) -> None:
    """Show the process in ``ps`` and ``top`` (and to ``bench_classroom``) as the kernel it is: its command line."""
    try:
        from setproctitle import setproctitle
    except ImportError:  # installed without its dependencies: the zygote's command line shows
        return
    setproctitle(" ".join(argv))


def widgets_meet_the_kernel() -> None:
    """Register ipywidgets' comm targets with the kernel (its import found none), and open a comm for each
    widget made before the kernel (ipycanvas's canvas manager, made on import)."""
    if "ipywidgets" not in sys.modules:
        return
    import comm
    import ipywidgets
    from ipywidgets.widgets.widget import _instances

    ipywidgets.register_comm_target()
    for widget in list(_instances.values()):
        if isinstance(widget.comm, comm.DummyComm):
            widget.comm = None
            widget.open()


# ---------------------------------------------------------------------------------------------------- the server


class Zygote:
    """The server's zygote process (started at its first kernel), and the requests to it."""

    _shared: ClassVar[Zygote | None] = None
    _failed: ClassVar[bool] = False
    _start_lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen([sys.executable, "-m", __name__, str(write)], stdin=subprocess.PIPE,
                                        pass_fds=(write,), start_new_session=True)
        os.close(write)
        self.answers: IO[str] = os.fdopen(read)
        self.lock = threading.Lock()
        self.python = python_variables(dict(os.environ))

    @classmethod
    def shared(cls) -> Zygote | None:
        """The server's zygote (None once one has failed, or without ``fork``)."""
        with cls._start_lock:
            if cls._failed or not hasattr(os, "fork"):
                return None
            if cls._shared is None or cls._shared.process.poll() is not None:
                cls._shared = Zygote()
            return cls._shared

    def takes(self, cmd: list[str], env: dict[str, str]) -> bool:
        """Whether a fork can be the kernel of ``cmd`` with ``env``."""
        return (len(cmd) >= 3 and tuple(cmd[1:3]) == LAUNCHER and os.path.realpath(cmd[0]) ==
                os.path.realpath(sys.executable) and python_variables(env) == self.python)

    def fork(self, cmd: list[str], env: dict[str, str], cwd: str) -> int | None:
        """The pid of a new kernel (None: the zygote has failed; kernels are then launched as usual)."""
        line = json.dumps({"argv": cmd, "env": env, "cwd": cwd}) + "\n"
        with self.lock:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write(line.encode())
                self.process.stdin.flush()
                answer = self.answers.readline().strip()
            except OSError:
                answer = ""
        if answer.isdigit() and int(answer) > 0:
            return int(answer)
        if not answer:  # the zygote has gone: the usual launch from now on
            type(self)._failed = True
        return None


class ForkedKernel:
    """The part of ``subprocess.Popen`` a provisioner uses, for a kernel the zygote forked (its child, not ours)."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None and not running(self.pid):
            self.returncode = 0  # its parent, the zygote, collected its status
        return self.returncode

    def wait(self) -> int:
        while (code := self.poll()) is None:
            time.sleep(0.05)
        return code

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def running(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie its parent has not collected yet has ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[:1] != ["Z"]


class ForkProvisioner(LocalProvisioner):  # type: ignore[misc]
    """``LocalProvisioner`` whose kernels are forks of the zygote when they can be (see the module's notes)."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        env = {**(kwargs.get("env") or os.environ), "JPY_PARENT_PID": str(os.getpid())}  # as jupyter_client's launch
        cwd = str(kwargs.get("cwd") or Path.cwd())
        zygote = Zygote.shared()
        pid = None
        if zygote is not None and zygote.takes(cmd, env):
            pid = await asyncio.get_running_loop().run_in_executor(None, zygote.fork, cmd, env, cwd)
        if pid is None:
            return await super().launch_kernel(cmd, **kwargs)
        self.process = ForkedKernel(pid)
        self.pid = self.pgid = pid
        self.cwd = cwd
        return self.connection_info


if __name__ == "__main__":
    zygote(int(sys.argv[1]))
    sys.stderr.flush()
    os._exit(0)  # no teardown of the modules (a widget made on import would try to close its comm)
