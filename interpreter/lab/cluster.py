"""Playing a study's pieces on Ray: a runtime started here, or a cluster started apart.

A cluster started apart (`ray start --head` on one machine, `ray start
--address=HEAD:PORT` on the others) is reached at the address its head
printed. Ray alone, given a wrong address, waits for minutes (retrying, and
printing a warning every few seconds), and a cluster that refuses the
connection (token authentication) ends in a traceback; so `connect` first
tries a plain TCP connection to the address, with a timeout, then calls
`ray.init` with Ray's own waits shortened (`BOUNDED_CONNECT`), Ray's
messages held back, and turns any failure into `ClusterUnreachable`: one
sentence naming the address and what to do, in well under 15 seconds.
"""

from __future__ import annotations

import os
import re
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from atout.interpreter.errors import AtoutError

Piece = TypeVar("Piece")
Result = TypeVar("Result")

#: Seconds a TCP connection to the cluster's address may take.
TCP_TIMEOUT = 3.0

#: Ray's settings (environment variables, read when Ray connects) that bound
#: its wait for a cluster: the first connection to the head's GCS is given 1 s
#: before a warning, 5 s in all, and tried once (Ray's defaults: 5 s, 30 s and
#: 20 tries, about 12 minutes for an address where nothing answers).
BOUNDED_CONNECT = {
    "RAY_gcs_rpc_server_connect_timeout_s": "1",
    "RAY_py_gcs_connect_timeout_s": "5",
    "RAY_gcs_server_port_wait_time_s": "1",
}

_TOKEN_HELP = "run atout with RAY_AUTH_MODE=token set and the cluster's token in RAY_AUTH_TOKEN or ~/.ray/auth_token (`ray get-auth-token` on the head prints it)"


class RayMissing(AtoutError):
    """`--backend ray` without Ray installed."""


class ClusterUnreachable(AtoutError):
    """The cluster at `--address` cannot be reached, refuses the connection, or is no Ray cluster."""


def host_and_port(address: str) -> tuple[str, int] | None:
    """The host and port an address names (`HOST:PORT`, `ray://HOST:PORT`, `[IPv6]:PORT`); None for `auto` and `local`.

    Raises `ClusterUnreachable` for an address with no port.
    """
    if address in ("auto", "local"):
        return None
    bare = re.sub(r"^[a-z]+://", "", address).rstrip("/")
    match = re.fullmatch(r"\[(?P<v6>[^\]]+)\]:(?P<port6>\d+)|(?P<host>[^:\[\]]+):(?P<port>\d+)", bare)
    if match is None or not 0 < int(match["port"] or match["port6"]) < 65536:
        raise ClusterUnreachable(f"{address} is no address: give the head's address as HOST:PORT, as `ray start --head` printed it (for example 192.168.1.10:6379)")
    return match["v6"] or match["host"], int(match["port"] or match["port6"])


def check_reachable(address: str, timeout: float = TCP_TIMEOUT) -> None:
    """Raise `ClusterUnreachable` unless something accepts a TCP connection at the address."""
    where = host_and_port(address)
    if where is None:
        return
    try:
        with socket.create_connection(where, timeout=timeout):
            pass
    except TimeoutError:
        raise ClusterUnreachable(
            f"no Ray cluster answers at {address}: no answer within {timeout:g} s (a wrong address, or a firewall in the way); check the address `ray start --head` printed"
        ) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise ClusterUnreachable(f"no Ray cluster answers at {address} ({reason.lower()}): start one with `ray start --head` and give the address it prints (HOST:PORT)") from None


def _reason(error: BaseException) -> str:
    """Every message of an error and of the errors that caused it, for telling why a connection failed."""
    texts: list[str] = []
    seen: BaseException | None = error
    while seen is not None and len(texts) < 10:
        texts.append(f"{type(seen).__name__}: {seen}")
        seen = seen.__cause__ or seen.__context__
    return "\n".join(texts)


def refusal(address: str, error: BaseException) -> ClusterUnreachable:
    """What a failed `ray.init` at `address` means, in one sentence."""
    reason = _reason(error)
    if re.search(r"Unauthenticated|InvalidAuthToken|[Aa]uthentication", reason):
        return ClusterUnreachable(f"the Ray cluster at {address} refused the connection: it asks for a token; {_TOKEN_HELP}")
    mismatch = re.search(r"[Vv]ersion mismatch[^\n]*", reason)
    if mismatch:
        return ClusterUnreachable(f"the Ray cluster at {address} runs another version of Ray or Python: {mismatch.group(0)}")
    if "ray[client]" in reason:
        return ClusterUnreachable(f"--address {address}: a ray:// address needs Ray's client (pip install 'ray[client]'); or give the head's own address, HOST:PORT, as `ray start --head` printed it")
    if "resolve node to connect to" in reason:
        return not_a_node(address)
    if "Could not find any running Ray instance" in reason:
        return ClusterUnreachable(f"--address {address}: no Ray cluster runs on this machine; start one with `ray start --head`")
    return ClusterUnreachable(f"no Ray cluster answers at {address}: something accepts connections there but does not answer as a Ray cluster's head (check the port `ray start --head` printed)")


def not_a_node(address: str) -> ClusterUnreachable:
    """The error for a machine that is no node of the cluster it is given the head's address of."""
    return ClusterUnreachable(
        f"this machine is not a node of the Ray cluster at {address}: run atout on one of the cluster's machines "
        f"(the head, say), or make this one a node first (`ray start --address={address}`); from outside the "
        "cluster, Ray's client reaches it (pip install 'ray[client]', --address ray://HEAD:10001)"
    )


def _local_nodes(ray: Any) -> list[str] | None:
    """The Ray nodes running on this machine (their ids), or None where this version of Ray does not tell."""
    find = getattr(getattr(getattr(ray, "_private", None), "services", None), "find_node_ids", None)
    if find is None:
        return None
    try:
        return list(find())
    except Exception:  # a process list that cannot be read: let Ray tell
        return None


@contextmanager
def _bounded_waits(ray: Any) -> Iterator[None]:
    """Ray's waits for a cluster shortened (`BOUNDED_CONNECT`) while inside, unless the environment sets them.

    Ray reads its settings as it is imported: they are read again here
    (`Config.initialize`), and once more on the way out if no connection
    was made (a connection's settings are the cluster's). Ray before 2.60
    reads its number of tries only as it is imported: that one is set on
    its module.
    """
    before = {name: os.environ.get(name) for name in BOUNDED_CONNECT}
    for name, value in BOUNDED_CONNECT.items():
        os.environ.setdefault(name, value)
    _reread_settings(ray)
    constants: Any = getattr(getattr(ray, "_private", None), "ray_constants", None)
    tries = getattr(constants, "NUM_REDIS_GET_RETRIES", None)
    if tries is not None and "RAY_NUM_REDIS_GET_RETRIES" not in os.environ:
        constants.NUM_REDIS_GET_RETRIES = 1
    try:
        yield
    finally:
        if tries is not None:
            constants.NUM_REDIS_GET_RETRIES = tries
        for name, kept in before.items():
            if kept is None:
                os.environ.pop(name, None)
        if not ray.is_initialized():
            _reread_settings(ray)


def _reread_settings(ray: Any) -> None:
    """Ray's settings read again from the environment, where this version of Ray can."""
    config = getattr(getattr(ray, "_raylet", None), "Config", None)
    initialize = getattr(config, "initialize", None)
    if initialize is not None:
        initialize("")


@contextmanager
def _held_stderr() -> Iterator[Callable[[], str]]:
    """Standard error (the descriptor: Ray's C++ core writes there) kept aside while inside; `held()` gives what was written."""
    try:
        sys.stderr.flush()
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # no real standard error (captured): nothing to hold
        yield lambda: ""
        return
    with tempfile.TemporaryFile() as kept:
        saved = os.dup(fd)
        os.dup2(kept.fileno(), fd)

        def held() -> str:
            kept.seek(0)
            return kept.read().decode(errors="replace")

        try:
            yield held
        finally:
            os.dup2(saved, fd)
            os.close(saved)


def connect(ray: Any, address: str, options: dict[str, Any]) -> None:
    """`ray.init` at a cluster started apart: a clear `ClusterUnreachable` within seconds, never a wait of minutes.

    A driver joins the cluster through a node on its own machine (all but
    Ray's client, `ray://`): without one, that is said at once. What Ray
    writes while connecting is shown if the connection is made, and
    replaced by the error's one sentence if not.
    """
    check_reachable(address)
    if not address.startswith("ray://") and _local_nodes(ray) == []:
        raise not_a_node(address)  # Ray would look for one for a minute
    with _bounded_waits(ray), _held_stderr() as held:
        failure: ClusterUnreachable | None = None
        try:
            ray.init(address=address, **options)
        except Exception as error:
            failure = refusal(address, error)
        said = held()
    if failure is not None:
        raise failure from None
    if said:
        sys.stderr.write(said)


def run_ray(task: Callable[[Any, Piece], Result], shared: Any, pieces: Sequence[Piece], workers: int, address: str | None) -> Iterator[Result]:
    """`task(shared, piece)` for each piece as Ray tasks, yielded as they finish.

    Without an address, a Ray runtime with `workers` CPUs is started here
    and stopped at the end; with one, the cluster there is used (and left
    running). A runtime already started in this process is used as it is.
    """
    try:
        import ray
    except ImportError:
        raise RayMissing("the Ray backend needs Ray: pip install 'atout[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {"include_dashboard": False, "logging_level": "ERROR", "log_to_driver": False}
        if address:
            connect(ray, address, options)
        else:
            ray.init(num_cpus=max(1, workers), **options)
    try:
        # SPREAD: the pieces go to every node of a cluster, not first to the node
        # the study was started from (Ray's default keeps them there while it can)
        remote = ray.remote(task).options(scheduling_strategy="SPREAD")
        sent: Any = ray.put(shared)  # every task reads the same data, sent once
        pending = [remote.remote(sent, piece) for piece in pieces]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()
