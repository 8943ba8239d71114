"""A JupyterHub whose every user runs the apps: ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py``.

Each user who logs in gets a single-user Jupyter server of their own (their own kernels, on the
machine the spawner chooses) with voila as a server extension, serving the apps with the same
template and options as ``samurai-lab serve`` and Binder (``voila.json`` next to this file and
``binder/jupyter_server_config.json``: the ``samurai`` template, nothing from other hosts, the
browser's language for the apps). A user
opens an app at ``/user/<name>/voila/render/notebooks/<app>.ipynb?...`` (the apps' address options
work as everywhere), and the hub sends a user who logs in straight to the landing page.

As written, this is a hub for one machine and a test: it listens on 127.0.0.1, every user is a
process of the hub's own system user (``SimpleLocalProcessSpawner``), and everyone logs in with one
shared password. For a class, change the three marked lines: ``ip`` (``0.0.0.0``), the
authenticator (the school's: OAuth, LDAP, ...) and, past one machine, the spawner: on Kubernetes,
Zero to JupyterHub's ``KubeSpawner`` with an image built from ``binder/`` (repo2docker) does the
same for as many machines as the cluster has. The hub's idle culler (``jupyterhub-idle-culler``)
stops the servers of users who left.

Environment variables (all optional) set the ports and files, e.g. for a test:
``SAMURAI_HUB_PORT`` (8000), ``SAMURAI_HUB_API_PORT`` (8081), ``SAMURAI_HUB_PROXY_API_PORT`` (8001),
``SAMURAI_HUB_PROXY`` (the ``configurable-http-proxy`` command), ``SAMURAI_HUB_PASSWORD``,
``SAMURAI_HUB_DATA`` (the folder of the hub's database, cookie secret and users' saved positions),
``SAMURAI_HUB_PLAY_PORT`` (8870, the game service of play with others) and ``SAMURAI_HUB_STORE`` (its store:
``games.sqlite`` in the data folder, or a ``postgresql://`` URL).
"""

import os
import sys
from pathlib import Path

from samurai_lab.common.resources import notebooks_dir
from samurai_lab.tools.voila_app import DATA_DIR

c = get_config()  # noqa: F821 - given by JupyterHub

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
DATA = Path(os.environ.get("SAMURAI_HUB_DATA", ".")).resolve()
APPS_ROOT = notebooks_dir().parent  # the folder holding notebooks/ (as on Binder)

c.JupyterHub.ip = "127.0.0.1"  # a class: "0.0.0.0"
c.JupyterHub.port = int(os.environ.get("SAMURAI_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("SAMURAI_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('SAMURAI_HUB_PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.command = [os.environ.get("SAMURAI_HUB_PROXY", "configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{DATA / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(DATA / "jupyterhub_cookie_secret")
c.JupyterHub.cleanup_servers = True  # the hub's end stops its users' servers

c.JupyterHub.authenticator_class = "shared-password"  # a school's own: OAuth, LDAP, ...
c.SharedPasswordAuthenticator.user_password = os.environ.get("SAMURAI_HUB_PASSWORD", "change this password")
c.Authenticator.allow_all = True

c.JupyterHub.spawner_class = "simple"  # past one machine: KubeSpawner (Zero to JupyterHub)
c.Spawner.cmd = [sys.executable, "-m", "samurai_lab.tools.singleuser"]  # jupyterhub-singleuser, starting faster
c.Spawner.notebook_dir = str(APPS_ROOT)
c.Spawner.default_url = "/voila/render/notebooks/index.ipynb"
if os.geteuid() == 0:  # a hub run by root (a container) starts its users' servers as root too
    c.Spawner.args = ["--allow-root"]
c.Spawner.environment = {
    "JUPYTER_PATH": str(DATA_DIR),  # the `samurai` voila template
    # voila's options (voila.json here: a server extension's voila reads only its own file) and the
    # server's (Binder's: no MathJax from a CDN)
    "JUPYTER_CONFIG_PATH": os.pathsep.join([str(HERE), str(REPO / "binder")]),
    "SAMURAI_SAVED_DIR": lambda spawner: str(DATA / "saved" / spawner.user.name),
}
# Play with others: the game service runs once, as a hub service, and every user's kernels reach it. Its
# store is a SQLite file here; when users' servers run on several machines, give the service a PostgreSQL
# (SAMURAI_HUB_STORE=postgresql://...) and the kernels an address of the service they can reach.
PLAY_PORT = int(os.environ.get("SAMURAI_HUB_PLAY_PORT", "8870"))
PLAY_STORE = os.environ.get("SAMURAI_HUB_STORE") or str(DATA / "games.sqlite")
c.JupyterHub.services = [{
    "name": "samurai-play",
    "url": f"http://127.0.0.1:{PLAY_PORT}",
    "command": [sys.executable, "-m", "samurai_lab.tools.play.server", "--port", str(PLAY_PORT),
                "--store", PLAY_STORE],
}]
c.Spawner.environment["SAMURAI_PLAY_API"] = f"http://127.0.0.1:{PLAY_PORT}/services/samurai-play/samurai/api"
c.Spawner.http_timeout = 120
c.Spawner.start_timeout = 120
