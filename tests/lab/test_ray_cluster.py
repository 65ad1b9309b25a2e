"""The lab on a real Ray cluster started apart (`ray start --head`, a second node joined), and on addresses that fail.

The cluster is two nodes on this machine, each with its own temporary
folder, one CPU and free ports, reached over loopback only; it uses token
authentication with a token of its own, so that a driver without that
token is refused. Its processes are ended by their own ids (never
`ray stop`, which would end every Ray process on the machine) and its
folders removed, whatever the tests did.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="the Ray extra is not installed: pip install 'atout[ray]'")

#: Bound of every wait for the cluster to come up, in seconds.
STARTING = 90
#: Bound of a command of atout (a hang guard, not a measure).
COMMAND = 120


def _ray_version() -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", ray.__version__)[:2])


#: Token authentication came in Ray 2.52.
TOKENS = _ray_version() >= (2, 52)


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("", 0))
        return int(probe.getsockname()[1])


def _ray_command() -> str:
    """The `ray` command of this environment."""
    beside = Path(sys.executable).with_name("ray")
    found = str(beside) if beside.exists() else shutil.which("ray")
    if found is None:
        pytest.skip("no `ray` command in this environment")
    return found


def _short_folder(prefix: str) -> str:
    """A new temporary folder with a short path: Ray's sockets live inside, and a socket's path is at most 107 bytes."""
    base = "/tmp" if os.path.isdir("/tmp") else None
    return tempfile.mkdtemp(prefix=prefix, dir=base)


@dataclass
class Cluster:
    """A head and a joined node, each a `ray start --block` in its own session."""

    address: str
    env: dict[str, str]
    folders: list[str]
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def stop(self) -> None:
        """End every process of the cluster (SIGTERM to each `ray start`, then SIGKILL to its session) and remove its folders."""
        for process in self.processes:
            if process.poll() is None:
                process.terminate()  # `ray start --block` ends the processes it started
        deadline = time.monotonic() + 20
        for process in self.processes:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
            try:
                os.killpg(process.pid, signal.SIGKILL)  # anything left of its session
            except (ProcessLookupError, PermissionError):
                pass
            process.wait(timeout=10)
        for folder in self.folders:
            shutil.rmtree(folder, ignore_errors=True)


def _wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTING
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the Ray head ended at its start:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"the Ray head did not listen within {STARTING} s:\n{log.read_text(errors='replace')[-3000:]}")


def _wait_for_nodes(cluster: Cluster, ray_command: str, count: int) -> None:
    """Wait until `ray status` shows `count` nodes alive."""
    deadline = time.monotonic() + STARTING
    status = ""
    while time.monotonic() < deadline:
        for process in cluster.processes:
            if process.poll() is not None:
                pytest.fail(f"a Ray node ended at its start (exit {process.returncode})")
        shown = subprocess.run(
            [ray_command, "status", f"--address={cluster.address}"],
            env=cluster.env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        status = shown.stdout
        active = status.split("Active:")[1].split("Pending:")[0] if "Active:" in status and "Pending:" in status else ""
        if len(re.findall(r"node_[0-9a-f]+", active)) >= count:
            return
        time.sleep(1)
    pytest.fail(f"the cluster did not show {count} nodes within {STARTING} s:\n{status}")


def start_cluster(nodes: int = 2) -> Cluster:
    """A Ray cluster as a designer starts one: `ray start --head`, then `ray start --address=HEAD` for each other node."""
    ray_command = _ray_command()
    env = {key: value for key, value in os.environ.items() if not key.startswith("RAY_")}
    env.update(RAY_USAGE_STATS_ENABLED="0", RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=secrets.token_hex(16))
    port = free_port()
    cluster = Cluster(f"127.0.0.1:{port}", env, [])
    try:
        for number in range(nodes):
            folder = _short_folder("atout-ray-")
            cluster.folders.append(folder)
            where = ["--head", f"--port={port}", "--include-dashboard=false"] if number == 0 else [f"--address={cluster.address}"]
            log = Path(folder) / "ray-start.log"
            with open(log, "wb") as output:
                cluster.processes.append(
                    subprocess.Popen(
                        [ray_command, "start", *where, f"--temp-dir={folder}", "--num-cpus=1", "--disable-usage-stats", "--block", f"--dashboard-agent-listen-port={free_port()}"],
                        env=env,
                        stdin=subprocess.DEVNULL,
                        stdout=output,
                        stderr=subprocess.STDOUT,
                        start_new_session=True,
                    )
                )
            if number == 0:
                _wait_for_port(port, cluster.processes[0], log)
        _wait_for_nodes(cluster, ray_command, nodes)
    except BaseException:
        cluster.stop()
        raise
    return cluster


#: The tests that use the cluster stay in one process, so that one cluster is started.
ON_THE_CLUSTER = pytest.mark.xdist_group("ray-cluster")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    started = start_cluster(2)
    try:
        yield started
    finally:
        started.stop()


def atout(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The `atout` command in a process of its own (Ray's connection is per process)."""
    return subprocess.run(
        [sys.executable, "-m", "atout.cli.main", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=COMMAND,
        stdin=subprocess.DEVNULL,
    )


def _ran_pieces(folder: str, wait: float = 60) -> bool:
    """Whether a node's workers ran pieces of a study: Ray marks each task in its worker's log (`:task_name:play_chunk`).

    A worker's log reaches the disk a little after its task: it is read again
    for up to `wait` seconds.
    """
    deadline = time.monotonic() + wait
    while True:
        logs = Path(folder).glob("session_*/logs/worker-*.out")
        if any(":task_name:play_chunk" in path.read_text(errors="replace") for path in logs):
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.5)


def _version(folder: Path, card_text: str) -> Path:
    """A designer's folder laid over the shipped Dans les Cordes, with one card changed."""
    folder.mkdir()
    (folder / "extension.atout").write_text("Dans les Cordes : expansion\n", encoding="utf-8")
    (folder / "mine.atout").write_text(f"Dans les Cordes : cards\n\n{card_text}", encoding="utf-8")
    return folder


@pytest.mark.slow
@ON_THE_CLUSTER
def test_a_study_on_a_two_node_cluster_gives_the_figures_of_one_local_worker(cluster):
    # enough games that the head's worker, started first, cannot play every piece before the node's has started
    study = ["simulate", "dragons", "--games", "200", "--seed", "3", "--format", "json"]
    on_cluster = atout(*study, "--backend", "ray", "--address", cluster.address, "--workers", "4", env=cluster.env)
    assert on_cluster.returncode == 0, on_cluster.stderr
    local = atout(*study, "--workers", "1")
    assert local.returncode == 0, local.stderr
    assert json.loads(on_cluster.stdout) == json.loads(local.stdout)
    assert json.loads(on_cluster.stdout)["studies"][0]["games"] == 200
    head, node = cluster.folders
    assert _ran_pieces(head) and _ran_pieces(node), "the study's pieces did not run on both nodes"


@pytest.mark.slow
@ON_THE_CLUSTER
def test_a_comparison_of_two_versions_on_the_cluster_is_the_local_one(cluster, tmp_path):
    mine = _version(tmp_path / "mine", "== Jab ==\nATTACK · cost 1 · 6 copies\n-3 life to the opponent\n")
    comparison = ["simulate", "cordes", "--vs", str(mine), "--games", "20", "--p1", "random", "--seed", "5", "--format", "json"]
    on_cluster = atout(*comparison, "--backend", "ray", "--address", cluster.address, "--workers", "4", env=cluster.env)
    assert on_cluster.returncode == 0, on_cluster.stderr
    local = atout(*comparison, "--workers", "1")
    assert local.returncode == 0, local.stderr
    assert json.loads(on_cluster.stdout) == json.loads(local.stdout)
    assert json.loads(local.stdout)["comparison"]["versions"]


def _refused(result: subprocess.CompletedProcess[str], address: str) -> str:
    """The error of a command refused for its address: exit 2, the address named, no traceback."""
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Invalid value for --address: " in result.stderr and address in result.stderr
    assert "Traceback" not in result.stderr and "Exception" not in result.stderr
    return result.stderr


@pytest.mark.slow
@ON_THE_CLUSTER
@pytest.mark.skipif(not TOKENS, reason="token authentication came in Ray 2.52")
def test_a_cluster_that_refuses_the_connection_says_it_asks_for_a_token(cluster, tmp_path):
    wrong = dict(cluster.env, RAY_AUTH_TOKEN=secrets.token_hex(16))
    said = _refused(atout("simulate", "dragons", "--games", "20", "--backend", "ray", "--address", cluster.address, env=wrong), cluster.address)
    assert "refused the connection: it asks for a token" in said and "RAY_AUTH_TOKEN" in said
    # no token at all: no RAY_AUTH_* and a home with no ~/.ray/auth_token
    bare = {key: value for key, value in cluster.env.items() if not key.startswith("RAY_AUTH")}
    bare["HOME"] = str(tmp_path)
    said = _refused(atout("simulate", "dragons", "--games", "20", "--backend", "ray", "--address", cluster.address, env=bare), cluster.address)
    assert "it asks for a token" in said


def test_an_address_where_nothing_listens_is_an_error_naming_it():
    address = f"127.0.0.1:{free_port()}"
    said = _refused(atout("simulate", "dragons", "--games", "20", "--backend", "ray", "--address", address), address)
    assert "no Ray cluster answers at" in said and "ray start --head" in said


def test_an_address_without_a_port_is_an_error_naming_it():
    said = _refused(atout("simulate", "dragons", "--games", "20", "--backend", "ray", "--address", "my-head"), "my-head")
    assert "HOST:PORT" in said


@pytest.mark.slow
def test_a_port_that_accepts_and_closes_is_no_cluster_and_no_wait_of_minutes():
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("", 0))
    server.listen()
    stop = threading.Event()

    def close_each() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                connection, _ = server.accept()
                connection.close()
            except OSError:
                continue

    closer = threading.Thread(target=close_each, daemon=True)
    closer.start()
    try:
        address = f"127.0.0.1:{server.getsockname()[1]}"
        said = _refused(atout("simulate", "dragons", "--games", "20", "--backend", "ray", "--address", address), address)
        assert "does not answer as a Ray cluster" in said
    finally:
        stop.set()
        closer.join(timeout=5)
        server.close()


# -- what a failed connection means, without a cluster ---------------------------


def _failure(*messages: str) -> BaseException:
    """An error as `ray.init` raises one: the last message, caused by the ones before."""
    error: BaseException | None = None
    for message in messages:
        try:
            raise ConnectionError(message) from error
        except ConnectionError as raised:
            error = raised
    assert error is not None
    return error


@pytest.mark.parametrize(
    "messages, said",
    [
        (["Failed to get cluster ID from GCS server: Unauthenticated: RPC error: InvalidAuthToken", "Failed to connect to Ray cluster at 10.0.0.1:6379"], "it asks for a token"),
        (["No node info found matching attributes: '10.0.0.2' when trying to resolve node to connect to."], "this machine is not a node"),
        (["Version mismatch: The cluster was started with: Ray: 2.50.0 Python: 3.11.9"], "another version of Ray or Python: Version mismatch"),
        (["Ray Client requires pip package `ray[client]`."], "needs Ray's client"),
        (["Failed to connect to Ray cluster at 10.0.0.1:6379"], "does not answer as a Ray cluster"),
    ],
)
def test_what_a_refusal_means_is_said_with_the_address(messages, said):
    from atout.interpreter.lab.cluster import refusal

    error = refusal("10.0.0.1:6379", _failure(*messages))
    assert said in str(error) and "10.0.0.1:6379" in str(error)


def test_a_machine_with_no_node_of_its_own_is_told_so_without_waiting():
    """A driver needs a node on its machine (but for Ray's client): Ray would look for one for a minute."""
    from types import SimpleNamespace

    from atout.interpreter.lab.cluster import ClusterUnreachable, connect

    calls: list[str] = []
    no_node = SimpleNamespace(
        _private=SimpleNamespace(services=SimpleNamespace(find_node_ids=lambda: [])),
        init=lambda **options: calls.append("init"),
    )
    with socket.socket() as head:  # a listening port: the address is reachable
        head.bind(("127.0.0.1", 0))
        head.listen()
        address = f"127.0.0.1:{head.getsockname()[1]}"
        with pytest.raises(ClusterUnreachable, match=f"not a node of the Ray cluster at {re.escape(address)}"):
            connect(no_node, address, {})
    assert calls == []
