"""The conversation tree and its final thread: which records the story tells, and which were abandoned.

Claude Code links every record to its `parentUuid`. A rewind (Esc Esc, or cancelling a prompt and sending
it again) leaves the abandoned prompt and its replies in the file as a fork; legitimate forks (parallel tool
calls, hook progress, attachments, local commands) look alike in the tree but never start with a prompt of
the author. The story is the thread that leads to the end of the session; a branch that left it at a prompt
of the author, and either got an answer there or was replaced by another prompt, was abandoned.

Pure and cheap: the caller adds one node per record (a 64-bit key for its uuid, its parent's, a role) in
file order and asks for the thread once at the end. Nothing here knows Claude Code's JSON.
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

# What a record is to the tree. Only prompts can start an abandoned branch; replies prove one was answered.
ROLE_OTHER = 0  # system, progress, attachment records
ROLE_MESSAGE = 1  # a user or assistant record that is neither of the below (tool results, commands' output…)
ROLE_PROMPT = 2  # the author's own words, typed as a new message
ROLE_REPLY = 3  # the assistant's answer (not an API error)

ON_THREAD = 0  # on the final thread
SIDE = -1  # off it, but a legitimate fork (a parallel tool result, hook progress, a local command)

_NO_PARENT = -1
_VIRTUAL_ROOT = -2  # the common parent of the file's first record and any later prompt that restarts it


@dataclass
class Thread:
    """Each node's state, by file order: ON_THREAD, SIDE, or the number (1, 2, …) of the abandoned branch it
    lies on, branches numbered in the order their first prompt appears in the file."""

    orders: Sequence[int] = field(default_factory=list)
    states: Sequence[int] = field(default_factory=list)
    branches: int = 0

    def state_at(self, order: int) -> int:
        """The state of the last node at or before `order` (records without a uuid of their own, such as
        queue operations, belong where they sit in the file)."""
        i = bisect.bisect_right(self.orders, order) - 1
        return self.states[i] if i >= 0 else ON_THREAD

    def abandoned_nodes(self) -> int:
        return sum(1 for s in self.states if s > 0)


class ConversationTree:
    """The nodes, one per record, in parallel arrays: a 1 GB session has ~300 k of them, and a tuple per
    node would cost four times the memory."""

    def __init__(self) -> None:
        self.orders = array("q")  # position in the file (a line number)
        self.keys: list[int] = []
        self.parents: list[int | None] = []
        self.logical_parents: dict[int, int] = {}  # node -> the leaf a compaction boundary continues
        self.roles = bytearray()
        self.sessions: list[str | None] = []
        self._in_order = True

    def __len__(self) -> int:
        return len(self.keys)

    def add(
        self,
        order: int,
        key: int,
        parent: int | None,
        role: int = ROLE_OTHER,
        *,
        logical_parent: int | None = None,
        session: str | None = None,
    ) -> None:
        if self.orders and order < self.orders[-1]:
            self._in_order = False
        if logical_parent is not None:
            self.logical_parents[len(self.keys)] = logical_parent
        self.orders.append(order)
        self.keys.append(key)
        self.parents.append(parent)
        self.roles.append(role)
        self.sessions.append(session)

    def final_thread(self) -> Thread:
        if not self._in_order:
            self._sort()
        n = len(self.keys)
        if not n:
            return Thread()
        parents = self._parent_indexes()
        roles = self.roles
        path = _path_to_end(roles, parents)
        on_path = bytearray(n)
        for i in path:
            on_path[i] = 1
        after, root_after = _first_speaker_after(roles, path)
        reply_below = _replies_below(roles, parents, on_path)
        states = array("q", (ON_THREAD if on_path[i] else SIDE for i in range(n)))
        fork = array("q", bytes(8 * n))  # for off-thread nodes: the thread node their branch leaves from
        branches = 0
        for i in _parents_first(parents):
            if on_path[i]:
                continue
            p = parents[i]
            if p in (_NO_PARENT, _VIRTUAL_ROOT):
                fork[i] = _VIRTUAL_ROOT
                parent_state = SIDE
            elif on_path[p]:
                fork[i] = p
                parent_state = SIDE
            else:
                fork[i] = fork[p]
                parent_state = states[p]
            if parent_state > 0:
                states[i] = parent_state
            elif roles[i] == ROLE_PROMPT and (
                reply_below[i] or (root_after if fork[i] == _VIRTUAL_ROOT else after[fork[i]]) == ROLE_PROMPT
            ):
                branches += 1
                states[i] = branches
        if branches:
            # Number branches in file order (the walk above visits parents first, which is nearly the same).
            renumber: dict[int, int] = {}
            for s in states:
                if s > 0 and s not in renumber:
                    renumber[s] = len(renumber) + 1
            states = array("q", (renumber.get(s, s) for s in states))
        return Thread(orders=array("q", self.orders), states=states, branches=branches)

    def _sort(self) -> None:
        """Nodes in file order (a caller may add them out of order)."""
        self._keep(sorted(range(len(self.keys)), key=self.orders.__getitem__))
        self._in_order = True

    def remove(self, nodes: Iterable[int]) -> None:
        """Take nodes out again (by their index, in the order they were added)."""
        doomed = set(nodes)
        if doomed:
            self._keep([i for i in range(len(self.keys)) if i not in doomed])

    def _keep(self, order: list[int]) -> None:
        where = {old: new for new, old in enumerate(order) if old in self.logical_parents}
        self.orders = array("q", (self.orders[i] for i in order))
        self.keys = [self.keys[i] for i in order]
        self.parents = [self.parents[i] for i in order]
        self.roles = bytearray(self.roles[i] for i in order)
        self.sessions = [self.sessions[i] for i in order]
        self.logical_parents = {where[old]: key for old, key in self.logical_parents.items() if old in where}

    def _parent_indexes(self) -> array[int]:
        """Each node's parent index (see _parent_index). Nearly every record continues the one just before
        it, so when no key repeats only the other parents are looked up: an index of every key would cost
        ~70 bytes a node (20 MB for a 1 GB session)."""
        keys, n = self.keys, len(self.keys)
        index: dict[int, int]
        if len(set(keys)) == n:
            wanted = {p for i, p in enumerate(self.parents) if p is not None and (i == 0 or p != keys[i - 1])}
            wanted.update(self.logical_parents.values())
            index = {k: i for i, k in enumerate(keys) if k in wanted}
            found = array("q", bytes(8 * n))
            previous = None
            for i, parent in enumerate(self.parents):
                # the common case inline (a call per node was most of the cost): the node before is the parent
                found[i] = i - 1 if parent == previous and parent is not None else self._parent_index(i, index)
                previous = keys[i]
            return found
        # each key's first node: built backwards, so the first occurrence is the one that stays
        index = dict(zip(reversed(keys), range(n - 1, -1, -1), strict=True))
        return array("q", (self._parent_index(i, index) for i in range(n)))

    def _parent_index(self, i: int, index: dict[int, int]) -> int:
        """The index of a node's parent. Missing parents are bridged to the previous record in the file; a
        parentless prompt in the same session restarts the conversation from the top (a rewind to the first
        prompt), any other parentless record later in the file continues it (a compaction without its
        logical parent, a new sessionId)."""
        parent = self.parents[i]
        logical = self.logical_parents.get(i) if self.logical_parents else None
        for candidate in (parent, logical):
            if candidate is not None:
                j = index.get(candidate)
                if j is not None and j != i:
                    return j
        if i == 0:
            return _NO_PARENT
        restart = parent is None and logical is None and self.roles[i] == ROLE_PROMPT
        if restart and self.sessions[i] == self.sessions[i - 1]:
            return _VIRTUAL_ROOT
        return i - 1


def _path_to_end(roles: bytearray, parents: Sequence[int]) -> array[int]:
    """The final thread, leaf first: walk back from the last prompt or reply to the top. (Not from the last
    record: local commands such as `!` shell commands may hang off an older record.)"""
    n = len(roles)
    leaf = next(
        (i for i in range(n - 1, -1, -1) if roles[i] in (ROLE_PROMPT, ROLE_REPLY)),
        next((i for i in range(n - 1, -1, -1) if roles[i] != ROLE_OTHER), n - 1),
    )
    seen = bytearray(n)
    path = array("q")
    i = leaf
    while i >= 0 and not seen[i]:  # a cycle in damaged links stops the walk
        seen[i] = 1
        path.append(i)
        i = parents[i]
    return path


def _first_speaker_after(roles: bytearray, path: Sequence[int]) -> tuple[bytearray, int]:
    """For each thread node (by index), and then for the virtual root: who speaks first after it on the
    thread, prompt or reply (ROLE_OTHER: nobody)."""
    after = bytearray(len(roles))
    speaker = ROLE_OTHER
    for i in path:  # leaf first
        after[i] = speaker
        if roles[i] in (ROLE_PROMPT, ROLE_REPLY):
            speaker = roles[i]
    return after, speaker


def _replies_below(roles: bytearray, parents: Sequence[int], on_path: bytearray) -> bytearray:
    """Off-thread nodes with a reply somewhere beneath them (each walk stops at a node already marked)."""
    n = len(roles)
    below = bytearray(n)
    for i in range(n):
        if roles[i] != ROLE_REPLY or on_path[i]:
            continue
        j = parents[i]
        steps = 0
        while j >= 0 and not on_path[j] and not below[j] and steps <= n:
            below[j] = 1
            j = parents[j]
            steps += 1
    return below


def _parents_first(parents: Sequence[int]) -> Iterable[int]:
    """Node indexes ordered so that each parent comes before its children (file order, unless a parent was
    written after its child)."""
    if all(p < i for i, p in enumerate(parents)):
        return range(len(parents))
    done = bytearray(len(parents))
    order: list[int] = []
    for start in range(len(parents)):
        chain = []
        i = start
        while i >= 0 and not done[i]:
            done[i] = 1  # marked on the way up, so a cycle cannot loop
            chain.append(i)
            i = parents[i]
        order.extend(reversed(chain))
    return order
