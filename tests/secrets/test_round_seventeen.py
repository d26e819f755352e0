"""Issue 22, round seventeen: classes, not cases. Every text here was written for this round (none is dev13's), in
other names, languages, vendors and values, BEFORE the rules were changed (the count on main is in
bench/README.md, "Round seventeen"):

- false positives first: a key public by design under a label that names a key (Stripe's publishable `pk_live_`,
  Mapbox's `pk.` token) is no secret, while the secret key beside it (`sk_live_`, `rk_live_`) still is; a vendor's
  prefix followed only by x's (`sk_live_xxx`, `ghp_xxx` in a `.env.example`) is a placeholder, while a real
  token under the same name still is found;
- a token that ends where a sentence in Chinese or Japanese goes on (a full-width comma or stop after it);
- a Docker Hub access token by its own prefix (`dckr_pat_`, `dckr_oat_`), with no keyword;
- a vendor's key told in another language, the make after the key's word (`klucz do Datadog:`, `la clave de
  Mailgun:`, `der Schlüssel für Algolia:`, Hinglish `Postmark ka token …`);
- a password after its noun whose clause goes on to name another thing's value (`…, SSID-nya Kantor-5G`);
- a person said to have done something in Polish or Hinglish (`… zrobił review`, `… ne bola tha`).
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole
from scan_support import flags as _flags

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


_PK_LIVE = "pk_live_6c9j7rDmSgC0fmbpUfiJQitBA1Hm9AIc76bym8jjIdq4ttlUvFXEUoNFZWDdOcslHEI7lYeJ4ZFzYPxOg0ah9Q3Q13w079CtYHu"
_PK_TEST = "pk_test_3i2l3xi8U10lfcPZvoOvfVX0ucCXYzwdeZV1W0eGrlXeLMueRl6vqkIKA1T0eMm3AP67lqXs3PEMfFjoRBmCM9tA89VTTec8pIX"
_SK_LIVE = "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"
_RK_LIVE = "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"
_POSTMARK = "RHMjOErNnT4eteVQWE4e88whhWJ3OsE0nw1Z8Lf3"
_MAPBOX_PUBLIC = "pk.eyJ1Ijoi1ugjymiQqE9Ulcg0Po2laRY5nSa3xQnhSz6fMMwX.t2FIJ8dHSrUI4KmFCdYSIK"


# -- 1. false positives: keys public by design, placeholders after a vendor's prefix ---------------------------


@pytest.mark.parametrize(
    "text",
    [
        f'const publishableKey = "{_PK_LIVE}";',
        f"NEXT_PUBLIC_STRIPE_KEY={_PK_TEST}",
        f"stripe:\n  publishable_key: {_PK_LIVE}\n",
        f'<script>Stripe("{_PK_TEST}")</script> — so the checkout loads',
        f"mapboxgl.accessToken = '{_MAPBOX_PUBLIC}';",
        f"MAPBOX_TOKEN={_MAPBOX_PUBLIC}",
        # a vendor's prefix, then only x's: a .env example
        "STRIPE_SECRET_KEY=sk_live_xxx\nGITHUB_TOKEN=ghp_xxx\n",
        'api_key: "sk-proj-xxx"  # fill in',
        "SLACK_BOT_TOKEN=xoxb-xxx-xxx\nGITLAB_TOKEN=glpat-xxxxx",
        '{"token": "npm_XXX", "secret": "whsec_xxx"}',
    ],
)
def test_public_keys_and_placeholders_after_a_prefix_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f'const secretKey = "{_SK_LIVE}";', _SK_LIVE),
        (f"STRIPE_SECRET_KEY={_SK_LIVE}", _SK_LIVE),
        (f"stripe:\n  restricted_key: {_RK_LIVE}\n", _RK_LIVE),
        (f"STRIPE_SECRET_KEY={_SK_LIVE}\nSTRIPE_PUBLISHABLE_KEY={_PK_LIVE}\n", _SK_LIVE),
        ("GITHUB_TOKEN=ghp_Fr2d5Mxp6IfEEXbvosNeob9ePCN3Oy33cCMf", "ghp_Fr2d5Mxp6IfEEXbvosNeob9ePCN3Oy33cCMf"),
        ("DB_PASSWORD=xoxo_Tanzbär_1987", "xoxo_Tanzbär_1987"),
    ],
)
def test_the_secret_keys_beside_them_are_still_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


# -- 2. misses: a token before full-width punctuation; Docker Hub's prefix; a key told in another language ------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "SendGrid 的密钥是 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，先别提交",
            "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",
        ),
        (
            "GitHub のトークンは ghp_Fr2d5Mxp6IfEEXbvosNeob9ePCN3Oy33cCMf。使ったら消してください",
            "ghp_Fr2d5Mxp6IfEEXbvosNeob9ePCN3Oy33cCMf",
        ),
        ("令牌（glpat-iWd4kZBi76pNG20mfIsw）已经过期了吗？", "glpat-iWd4kZBi76pNG20mfIsw"),
        (
            "Docker Hub token: dckr_pat_z4t8nO7ptK-CBUpqnWyVW8aPQh1 (read-only)",
            "dckr_pat_z4t8nO7ptK-CBUpqnWyVW8aPQh1",
        ),
        (
            "echo dckr_oat_90uSLVckC6u8CjIffnNnfEfiIWxQ-UzA | docker login -u acme --password-stdin",
            "dckr_oat_90uSLVckC6u8CjIffnNnfEfiIWxQ-UzA",
        ),
        (
            "ten token dckr_pat_z4t8nO7ptK-CBUpqnWyVW8aPQh1 wygasa w piątek",
            "dckr_pat_z4t8nO7ptK-CBUpqnWyVW8aPQh1",
        ),
        ("klucz do Mailgun: bb865968f2a7660cb12d2c3311a5e238 (nie commituj)", "bb865968f2a7660cb12d2c3311a5e238"),
        ("token od Sentry: 9a8b7c6d5e4f30211f2e3d4c5b6a7988 (z konta firmy)", "9a8b7c6d5e4f30211f2e3d4c5b6a7988"),
        ("la clave de Algolia: f16c465d83f5b4816b48c273badf898b, la de admin", "f16c465d83f5b4816b48c273badf898b"),
        (
            "der Schlüssel für Postmark: RHMjOErNnT4eteVQWE4e88whhWJ3OsE0nw1Z8Lf3",
            "RHMjOErNnT4eteVQWE4e88whhWJ3OsE0nw1Z8Lf3",
        ),
        (
            "ye le Postmark ka token RHMjOErNnT4eteVQWE4e88whhWJ3OsE0nw1Z8Lf3 aur deploy kar",
            "RHMjOErNnT4eteVQWE4e88whhWJ3OsE0nw1Z8Lf3",
        ),
        ("Mailgun 的 key 是 bb865968f2a7660cb12d2c3311a5e238，别外传", "bb865968f2a7660cb12d2c3311a5e238"),
    ],
)
def test_a_token_told_in_more_languages_and_shapes(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "klucz do cache: 5f2b9c1e8d7a6b4c3e2f1a0b9c8d7e6f (z Redis)",
        "la clave de Git: 2f7c9a1b3d5e7f9a1c3e5a7b9d1f3a5c7e9b1d3f es el commit",
        "ye raha Docker Hub ka image sha256:9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0",
        "dckr_pat_xxxxxxxxxxxxxxxxxxxxxxxxxxx is the format of a personal access token",
        "the DOCKERHUB_TOKEN secret holds a dckr_pat_… token",
        "Stripe 的 key 是 pk_live_…，前端用的",
    ],
)
def test_token_look_alikes_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- 3. a password whose clause goes on to name another thing's value -----------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("password wifi gudang Kenanga2024! ya, SSID-nya Gudang-5G. kalau error kabari", "Kenanga2024!"),
        ("das WLAN-Passwort ist Tannenzapfen7#, SSID Buero-Ost2", "Tannenzapfen7#"),
        ("la contraseña del router es Ciruela.8842, usuario admin3", "Ciruela.8842"),
        ("hasło do panelu Wiewiorka_77, login operator2", "Wiewiorka_77"),
    ],
)
def test_a_password_then_another_things_value(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        # two chosen tokens after the noun, neither named: a list, not a value
        "password rotation done for Web01Box and Db02Box, SSID Office-5G unchanged",
        "password hashes compared: Sha256Hex and Bcrypt12a",
    ],
)
def test_a_list_after_the_noun_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- 4. a person said to have done something, in Polish and Hinglish ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Tane Whaanga zrobił review i zostawił dwa komentarze", "Tane Whaanga"),
        ("Mere Parata powiedziała, że migracja jest gotowa", "Mere Parata"),
        ("Efua Ansah-Twum ne bola ki cache clear karo", "Efua Ansah-Twum"),
        ("Akosua Frimpong-Manso ne kaha tha ki PR kal merge hoga", "Akosua Frimpong-Manso"),
        ("Wiremu Tawhiri napisał(a) testy do parsera", "Wiremu Tawhiri"),
    ],
)
def test_a_person_said_to_have_done_something(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "Docker Compose zrobił restart kontenera",
        "Kubernetes ne bola ki pod crash ho gaya",
        "Google Chrome powiedział, że certyfikat jest zły",
    ],
)
def test_products_said_to_do_things_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []
