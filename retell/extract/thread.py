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
from dataclasses import dataclass, field
from operator import itemgetter
from typing import NamedTuple

# What a record is to the tree. Only prompts can start an abandoned branch; replies prove one was answered.
ROLE_OTHER = 0  # system, progress, attachment records
ROLE_MESSAGE = 1  # a user or assistant record that is neither of the below (tool results, commands' output…)
ROLE_PROMPT = 2  # the author's own words, typed as a new message
ROLE_REPLY = 3  # the assistant's answer (not an API error)

ON_THREAD = 0  # on the final thread
SIDE = -1  # off it, but a legitimate fork (a parallel tool result, hook progress, a local command)

_NO_PARENT = -1
_VIRTUAL_ROOT = -2  # the common parent of the file's first record and any later prompt that restarts it


class Node(NamedTuple):
    order: int  # position in the file (a line number); nodes are compared by it
    key: int
    parent: int | None
    logical_parent: int | None  # a compaction boundary names the leaf it continues
    role: int
    session: str | None


@dataclass
class Thread:
    """Each node's state, by file order: ON_THREAD, SIDE, or the number (1, 2, …) of the abandoned branch it
    lies on, branches numbered in the order their first prompt appears in the file."""

    orders: list[int] = field(default_factory=list)
    states: list[int] = field(default_factory=list)
    branches: int = 0

    def state_at(self, order: int) -> int:
        """The state of the last node at or before `order` (records without a uuid of their own, such as
        queue operations, belong where they sit in the file)."""
        i = bisect.bisect_right(self.orders, order) - 1
        return self.states[i] if i >= 0 else ON_THREAD

    def abandoned_nodes(self) -> int:
        return sum(1 for s in self.states if s > 0)


class ConversationTree:
    def __init__(self) -> None:
        self.nodes: list[Node] = []

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
        self.nodes.append(Node(order, key, parent, logical_parent, role, session))

    def final_thread(self) -> Thread:
        # Two runs in file order (decoded records, then the skipped ones): timsort merges them in linear time.
        nodes = sorted(self.nodes, key=itemgetter(0))
        index: dict[int, int] = {}
        for i, node in enumerate(nodes):
            index.setdefault(node.key, i)
        parents = [_parent_index(i, nodes, index) for i in range(len(nodes))]
        if not nodes:
            return Thread()
        path = _path_to_end(nodes, parents)
        on_path = [False] * len(nodes)
        for i in path:
            on_path[i] = True
        after = _first_speaker_after(nodes, path)
        reply_below = _replies_below(nodes, parents, on_path)
        states = [ON_THREAD if on_path[i] else SIDE for i in range(len(nodes))]
        fork = [-1] * len(nodes)  # for off-thread nodes: the thread node their branch leaves from
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
            elif nodes[i].role == ROLE_PROMPT and (reply_below[i] or after.get(fork[i]) == ROLE_PROMPT):
                branches += 1
                states[i] = branches
        # Number branches in file order (the walk above visits parents first, which is nearly the same).
        renumber: dict[int, int] = {}
        for s in states:
            if s > 0 and s not in renumber:
                renumber[s] = len(renumber) + 1
        return Thread(
            orders=[n.order for n in nodes],
            states=[renumber.get(s, s) for s in states],
            branches=branches,
        )


def _parent_index(i: int, nodes: list[Node], index: dict[int, int]) -> int:
    """The index of a node's parent. Missing parents are bridged to the previous record in the file; a
    parentless prompt in the same session restarts the conversation from the top (a rewind to the first
    prompt), any other parentless record later in the file continues it (a compaction without its
    logical parent, a new sessionId)."""
    node = nodes[i]
    for candidate in (node.parent, node.logical_parent):
        if candidate is not None:
            j = index.get(candidate)
            if j is not None and j != i:
                return j
    if i == 0:
        return _NO_PARENT
    restart = node.parent is None and node.logical_parent is None and node.role == ROLE_PROMPT
    if restart and node.session == nodes[i - 1].session:
        return _VIRTUAL_ROOT
    return i - 1


def _path_to_end(nodes: list[Node], parents: list[int]) -> list[int]:
    """The final thread, leaf first: walk back from the last prompt or reply to the top. (Not from the last
    record: local commands such as `!` shell commands may hang off an older record.)"""
    leaf = next(
        (i for i in range(len(nodes) - 1, -1, -1) if nodes[i].role in (ROLE_PROMPT, ROLE_REPLY)),
        next((i for i in range(len(nodes) - 1, -1, -1) if nodes[i].role != ROLE_OTHER), len(nodes) - 1),
    )
    seen = [False] * len(nodes)
    path = []
    i = leaf
    while i >= 0 and not seen[i]:  # a cycle in damaged links stops the walk
        seen[i] = True
        path.append(i)
        i = parents[i]
    return path


def _first_speaker_after(nodes: list[Node], path: list[int]) -> dict[int, int]:
    """For each thread node (and the virtual root): who speaks first after it on the thread, prompt or reply."""
    after: dict[int, int] = {}
    speaker = ROLE_OTHER
    for i in path:  # leaf first
        after[i] = speaker
        if nodes[i].role in (ROLE_PROMPT, ROLE_REPLY):
            speaker = nodes[i].role
    after[_VIRTUAL_ROOT] = speaker
    return after


def _replies_below(nodes: list[Node], parents: list[int], on_path: list[bool]) -> list[bool]:
    """Off-thread nodes with a reply somewhere beneath them (each walk stops at a node already marked)."""
    below = [False] * len(nodes)
    for i, node in enumerate(nodes):
        if node.role != ROLE_REPLY or on_path[i]:
            continue
        j = parents[i]
        steps = 0
        while j >= 0 and not on_path[j] and not below[j] and steps <= len(nodes):
            below[j] = True
            j = parents[j]
            steps += 1
    return below


def _parents_first(parents: list[int]) -> list[int]:
    """Node indexes ordered so that each parent comes before its children (file order, unless a parent was
    written after its child)."""
    if all(p < i for i, p in enumerate(parents)):
        return list(range(len(parents)))
    done = [False] * len(parents)
    order: list[int] = []
    for start in range(len(parents)):
        chain = []
        i = start
        while i >= 0 and not done[i]:
            done[i] = True  # marked on the way up, so a cycle cannot loop
            chain.append(i)
            i = parents[i]
        order.extend(reversed(chain))
    return order
