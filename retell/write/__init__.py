"""The writing side: cleared view -> outline -> draft.

- `context.py`: what the outline and draft stages share (options, prompt library, the system context).
- `facts.py`: the numbers a post may quote, from the manifest. `material.py`: events as prompt material.
- `outline_model.py`: the outline's schema and outline.yaml. `outline.py`: the `retell outline` stage.
- `draft.py`: the `retell draft` stage. `offline.py`: the outline and draft written without a model.
- `style.py`: the style check run on every draft.
"""
