"""Personal data beyond the home folder and the email: private IP addresses, internal host names, phone
numbers, and people's names where a session writes them as names (git's `Author:` and trailers, git config).

Each is its own kind, flagged as personal data and redacted by default. What is the same on every machine
(Docker's bridge, a default gateway, the Android emulator's host) says nothing about the author and is left
alone, as are documentation ranges, CIDR blocks and version numbers that look like addresses.
"""

from __future__ import annotations

import re
from functools import lru_cache

from retell.lazyre import lazy
from retell.secrets.english import english_word
from retell.secrets.gazetteer import SCRIPT_MARKS, gazetteer
from retell.secrets.rule import PII, Rule
from retell.secrets.values import words

# -- private IP addresses ---------------------------------------------------------------------------

_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
_PRIVATE_V4 = (
    rf"10(?:\.{_OCTET}){{3}}|172\.(?:1[6-9]|2\d|3[01])(?:\.{_OCTET}){{2}}|192\.168(?:\.{_OCTET}){{2}}|"
    rf"100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])(?:\.{_OCTET}){{2}}"  # 100.64/10: carrier-grade NAT, Tailscale
)
# A unique local IPv6 address (fc00::/7), written with at least two groups.
_PRIVATE_V6 = r"f[cd][0-9a-f]{2}(?::[0-9a-f]{0,4}){2,7}"
# The same on every machine: Docker's default bridge, the Android emulator's host and its own address,
# home routers' default gateways, minikube's and docker-machine's default VM.
# Software-defined, the same on every machine: Docker's default bridge, and the addresses the Android
# emulator and VirtualBox's NAT give the host, their DNS and the guest.
_EVERYONES = frozenset(
    {"172.17.0.1", "10.0.2.2", "10.0.2.3", "10.0.2.15"}
    # (round twenty-four) the gateways of Docker's own networks, which compose takes in turn (172.18/16 to 172.31/16)
    | {f"172.{n}.0.1" for n in range(18, 32)}
    # (round twenty-five) the addresses every install of a common tool has: kubeadm's API service and DNS
    # (10.96.0.1, 10.96.0.10), AKS' DNS (10.0.0.10), minikube's node, Docker Desktop's host and gateway
    # (`host.docker.internal`), a home router's factory address, the default VPC's resolver (its base + 2)
    | {"10.96.0.1", "10.96.0.10", "10.0.0.10", "192.168.49.1", "192.168.49.2", "192.168.65.1", "192.168.65.2"}
    | {"192.168.65.254", "192.168.0.1", "192.168.1.1", "10.0.0.1", "10.0.0.2", "172.31.0.2"}
)
_VERSION_BEFORE = lazy(r"(?i)(?:\bv|version[ :=]*|==|>=|<=|~=|\^|~)$")


def _private_ip(value: str, m: re.Match[str]) -> bool:
    if value in _EVERYONES:
        return False
    if "." in value:
        octets = [int(o) for o in value.split(".")]
        prefix = re.match(r"/(\d{1,2})\b", m.string[m.end() : m.end() + 4])
        if prefix:  # `10.0.0.0/16` is a range; `192.168.1.23/24` (`ip addr`) is a machine on one
            host_bits = 32 - min(32, int(prefix.group(1)))
            number = int.from_bytes(bytes(octets), "big")
            if host_bits and number & ((1 << host_bits) - 1) == 0:
                return False
        elif octets[3] in (0, 255):
            return False  # a network or a broadcast address, not a machine
    elif value.endswith("::") and re.match(r"/\d{1,3}\b", m.string[m.end() : m.end() + 5]):
        return False  # (round twenty-five) `fd00::/8`, `fd12:3456::/48`: a range, as `10.0.0.0/8` is
    before = m.string[max(0, m.start() - 10) : m.start()]
    # `graniteos-10.8.8.84`: a package's version, glued to its name
    if _VERSION_BEFORE.search(before) is not None or re.search(r"[A-Za-z]-$", before) is not None:
        return False
    return not _a_version_among_versions(m)


# (round thirty-three) a product's name as written (a capital in it) right before the number, and no address word
_PRODUCT_BEFORE = lazy(r"(?<![\w.-])(?P<name>[A-Za-z][\w+-]*[A-Z][\w+-]*|[A-Z][\w+-]*)[ \t]+$")
_ADDRESS_WORDS = words(
    """
    ip ipv4 addr address host hostname server node peer gateway gw dns proxy upstream backend endpoint target remote
    src dst source destination from to at via inet nameserver resolver router vip lb master worker replica primary
    db database cache vm box machine instance pod container svc service cluster api web app lan wan vpn subnet
    """
)
# another item of the same list: a name and a version of two or three parts, which no address is (`CUDA 12.4.1`)
_SIBLING_VERSION = lazy(r"(?<![\w.-])[A-Za-z][\w+-]*[ \t]+v?\d+\.\d+(?:\.\d+)?(?![\w.])")


def _a_version_among_versions(m: re.Match[str]) -> bool:
    """(round thirty-three) `Found TensorRT 10.3.0.26, CUDA 12.4.1, cuDNN 9.1.0.70`: a four-part version in a list of
    products and their versions, where another item's version has two or three parts, is a version, not a machine's
    address (`nginx 1.25.3, upstream 10.0.0.12` keeps its address: an address word names it)."""
    text = m.string
    name = _PRODUCT_BEFORE.search(text, max(0, m.start() - 40), m.start())
    if name is None or name.group("name").lower() in _ADDRESS_WORDS:
        return False
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.end())
    line = text[start : end if end >= 0 else len(text)]
    here = m.start() - start
    first, after = here - len(name.group(0)), here + len(m.group(0))  # where the item starts and ends
    for sibling in _SIBLING_VERSION.finditer(line):
        if sibling.end() <= first:
            gap = line[sibling.end() : first]
        elif sibling.start() >= after:
            gap = line[after : sibling.start()]
        else:
            continue
        if _LIST_GAP.fullmatch(gap):
            return True
    return False


_LIST_GAP = lazy(r"[ \t]*[,;|/][ \t]*(?:and[ \t]+)?")


# -- internal host names ----------------------------------------------------------------------------

# Names only a private network resolves: `db.internal`, `ip-10-0-1-5.ec2.internal`, `jira.corp.acme.com`,
# `gitlab.int.acme.io`,
# `nas.lan`, `build01.intranet`, and a host under a company's `.local` domain (`db1.acme.local`); a bare mDNS
# name (`raspberrypi.local`) and Kubernetes' `svc.cluster.local` names are the same everywhere: left alone.
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_INTERNAL_SUFFIX = r"(?:internal|intranet|intra|corp|lan|localdomain|home\.arpa|priv|private)"
_INTERNAL_HOST = (
    # (round twenty-four) also a kubectl object's name, `node/<host>` (`Warning NodeNotReady node/db-3.corp.lan`)
    rf"(?i)(?:(?<=//)|(?<![\w./-])|(?<=\bnode/)|(?<=\bnodes/)|(?<=\bmachine/)|(?<=\bhost/))(?:{_LABEL}\.)+(?:{_INTERNAL_SUFFIX}(?![\w-]|\.[a-z0-9])|"
    rf"(?:internal|intranet|intra|corp)\.(?:{_LABEL}\.)*[a-z]{{2,24}}(?![\w-]|\.[a-z0-9])|"
    # `int` as a company's internal zone (`gitlab.int.acme.io`): under a domain, not an attribute (`np.int.max`)
    rf"int\.(?:{_LABEL}\.)+[a-z]{{2,24}}(?![\w-]|\.[a-z0-9])|"
    # a company's Active Directory domain (`db1.acme.local`): a host under a named domain, not a bare mDNS name
    rf"(?<=\.)(?!cluster\.local\b){_LABEL}\.local(?![\w-]|\.[a-z0-9]))"
)
# `self.internal`, `config.corp`: an attribute in code, not a host.
_CODE_RECEIVERS = words(
    """
    self this cls super os sys obj ctx config settings module window document process options opts args kwargs
    props state data app api utils lib std np pd
    """
)


# A personal machine's name, as macOS and phones make it from their owner's (`graces-macbook-pro.local`,
# `Jans-iPhone.lan`): mDNS `.local` names are otherwise the same everywhere, these name a person.
_DEVICE = r"(?:macbook(?:-pro|-air)?|imac|mac-mini|mac-studio|mac-pro|mbp|mba|laptop|notebook|thinkpad|iphone|ipad)"
_PERSONAL_DEVICE_HOST = (
    rf"(?i)(?<![\w.-])[a-z0-9][a-z0-9-]{{0,40}}-{_DEVICE}(?:-\d+)?\.(?:local|lan|home|fritz\.box)(?![\w-]|\.[a-z0-9])"
)

# Names every machine has: Docker's and Podman's names for the host, the cloud's metadata server.
_EVERYONES_HOSTS = re.compile(
    r"(?i)^(?:(?:host|gateway|kubernetes|vm)\.docker\.internal|host\.containers\.internal|"
    r"metadata\.google\.internal|localhost\.localdomain|localhost(?:\.\w+)*)$"
)


# A dotted name that starts with a top-level domain is a reversed one: a Java or Kotlin package
# (`org.flywaydb.core.internal.command`), never a host; a label in camel case is a class (`DbMigrate`).
_REVERSED_DOMAIN = re.compile(
    r"(?i)^(?:com|org|net|io|edu|gov|dev|app|co|de|fr|nl|uk|jp|cn|ru|br|es|it|ch|se)\.[^.]+\."
)
_CAMEL_LABEL = re.compile(r"(?:^|\.)[A-Za-z0-9]*[a-z][A-Z]")


def _internal_host(value: str, m: re.Match[str]) -> bool:
    if value.split(".", 1)[0].lower() in _CODE_RECEIVERS or _EVERYONES_HOSTS.match(value):
        return False
    if _REVERSED_DOMAIN.match(value) or _CAMEL_LABEL.search(value):
        return False  # `org.flywaydb.core.internal.command.DbMigrate$FlywayMigrateException` in a stack trace
    if value.lower().endswith(".local") and (value.count(".") < 2 or value.lower().endswith(".cluster.local")):
        return False  # `raspberrypi.local`, `svc.cluster.local`: the same name on every network
    after = m.string[m.end() : m.end() + 1]
    return after not in ("(", "[", "_")


# The addresses that are no one's own (own.py's email rule, and a record whose only email is one of them).
_NON_PERSONAL_EMAIL = re.compile(
    r"(?:^noreply@anthropic\.com$|@example\.(?:com|org|net)$|"
    # documentation's example domains in other countries and languages (`max@example.de`, `jan@voorbeeld.nl`)
    r"@(?:example|beispiel|exemple|ejemplo|esempio|exemplo|voorbeeld|exempel|eksempel|przyklad)\.[a-z]{2,3}(?:\.[a-z]{2})?$|"
    r"@(?:test|localhost|domain|email)\.(?:com|org)$|"
    r"^(?:git|hg|ssh|user|name|you|someone|email|foo|bar|noreply|no-reply)@|@users\.noreply\.github\.com$|"
    # an organisation's role addresses (RFC 2142 and their like): no person's (`hello@`, `info@` and `contact@` are
    # often one person's own domain's)
    r"^(?:support|donotreply|do-not-reply|postmaster|abuse|hostmaster|webmaster|security|sales|"
    # (round twenty-four) a shop's and a company's desks (`orders@`, `invoices@`, `careers@`)
    r"orders?|invoices?|invoicing|receipts?|payments?|accounts-payable|newsletter|marketing|careers|jobs|"
    r"privacy|legal|billing|press|notifications?|bounces?|mailer-daemon|alert|"
    # (round twenty-two) where mail servers send their reports (a DMARC record's `rua=`/`ruf=`, TLS-RPT's)
    r"dmarc[\w.+-]*|tls-?rpt[\w.+-]*|tls-?reports?|reports?|fbl|"
    # a team's address (`platform@`, `devops@`, `oncall@`): a group's, not a person's
    r"team|platform|engineering|helpdesk|it-support|oncall|on-call|alerts|releases|maintainers|"
    # (round twenty-four) a project's or a pipeline's (`bugs@`, `status@`, `ci@`), also plus-addressed (`team+py@`)
    r"bugs?|issues|status|ci|builds?|deployments|actions|sandbox|feedback|"
    # (round twenty-five) an open-source office's or a community's (`oss@`, `opensource@`)
    r"oss|opensource|open-source|community|"
    # a machine's shared account at a host (`scp x ubuntu@ec2-….amazonaws.com:`), no one's mailbox
    r"ubuntu|ec2-user|centos|debian|fedora|azureuser|opc|bitnami|vagrant|pi)(?:\+[\w.-]+)?@|"
    # (round twenty-five) "no reply" or a bot as one part of the address (`billing-noreply@`, `noreply-builds@`,
    # `release-bot@`, `bot@`): a desk's or a program's, whatever else the address names (not `noreplica@`)
    r"^(?:[\w.+-]*[._+-])?(?:no-?reply|no_reply|do-?not-?reply|do_not_reply|bots?|robot)(?:[._+-][\w.+-]*)?@|"
    # reserved names no mail reaches (RFC 2606, 6761, 6762): `dev@livecd.local` is a machine's account
    r"\.(?:local|localhost|localdomain|test|example|invalid)$|"
    # (round twenty-five) a cloud's identity for a program: Google's service accounts (`…@….iam.gserviceaccount.com`,
    # `…-compute@developer.gserviceaccount.com`)
    r"@(?:[\w-]+\.)*gserviceaccount\.com$)",
    re.I,
)


# -- phone numbers ----------------------------------------------------------------------------------

# Candidates: an international number (`+44 20 7946 0958`), a North American one written with separators
# (`(415) 555-0132`, `415-555-0132`), or any number right after a word that says it is one (`phone:`,
# `call me on`, `mobile`). phonenumbers (Google's libphonenumber metadata) decides whether it is one.
_PHONE_WORDS = (
    # (a messaging app's link to a number: `wa.me/<number>`, `viber://chat?number=`)
    r"(?:phone|tel|telephone|mobile|cell|cellphone|fax|whatsapp|wa\.me|viber|signal|sms|text me|call me|ring me|"
    r"contact|hotline|helpline|support line|direct line|landline|toll[ -]free|"
    r"telefon|telefonnummer|handy|mobil|mobilnummer|rufnummer|téléphone|telephone|portable|tél|teléfono|telefono|"
    r"móvil|movil|celular|telefone|telemóvel|telefoon|mobiel|telefonnummer|numer|điện thoại|dien thoai|sđt|sdt|"
    r"номер|телефон|mob|tlf|tfn|puh|ring me|bel me|bellen|llámame|llamar|appelle-moi|appeler|ruf mich|anrufen|"
    r"gọi|liên hệ|nummer|numéro|número|contacto|"
    # (round sixteen) in more of the languages authors write in: Hindi, Arabic, Persian, Hebrew, Greek,
    # Turkish, Indonesian and Malay
    # (round twenty) Arabic's with its article glued on: `رقم الهاتف`, `الجوال`
    r"फ़ोन|फोन|मोबाइल|नंबर|(?:ال)?(?:هاتف|جوال|موبايل)|تلفن|شماره|טלפון|נייד|τηλέφωνο|τηλ|κινητό|"
    r"cep|numaram|nomor hp|nomor telepon|no hp|telepon|telp|"
    # (round twenty-one) Russian's and Ukrainian's short labels, Czech, Finnish, Swahili
    r"тел|моб|сот|сотовый|мобильный|мобільний|číslo|puhelin|simu)"
)
# A word of the phone words on a line, anywhere (contact_names.bare_international): SMS, WhatsApp, phone, tel…
PHONE_LINE_WORD = lazy(r"(?i)(?<![^\W_])" + _PHONE_WORDS + r"(?![^\W_]|(?-i:[a-z]))")
# (and Thai, written without spaces between words: `ติดต่อเบอร์ 02…`, no word boundary before it)
_PHONE_CJK = r"(?:電話|电话|携帯|手机|手機|联系|聯絡|連絡先|電話番号|电话号码|번호|전화|휴대폰|เบอร์|โทร|มือถือ)"
# Three shapes, three rules (one alternation would be tried at every position of every text): each with
# the literal it starts with, or the word that says what it is.
# (a date after it is no part of it: `+91 97411 20583 02/06/2025`, fresh47's donors, ended on the date's day)
_PHONE_INTL = r"\+\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d[\d .-]{5,16}\d(?![\w./-]?\d)"
# (a character class first: the regex engine skips ahead to it; what may precede is checked after)
# (with North America's trunk prefix written: `1-800-555-0199`, `1 (415) 555-0132`)
_PHONE_NANP = (
    r"(?:(?<![\w+.-])1[ .-]?(?=[(2-9]))?[(2-9](?:(?<=\()[2-9]\d\d\)|(?<!\()\d\d)[ .-]\d{3}[ .-]\d{4}(?![\w-]|\.\d)"
)
# The word may be part of a setting's name (`PHONE_NUMBER=`, `mobile_no:`, `phoneNumber`, `cellPhone`):
# no letter or digit before it, and no lowercase letter after it.
_PHONE_SAID = (
    r"(?i)(?:(?<![^\W_])"
    + _PHONE_WORDS
    + r"(?![^\W_]|(?-i:[a-z]))|"
    + _PHONE_CJK
    # (Chinese or Japanese may run on after the number: `電話は090-3812-7765です`)
    + r")(?P<between>[^\n\d+(]{0,24})(?P<near>\+?\(?\d[\d ().-]{5,18}\d)(?![A-Za-z0-9_-]|\.\d)"
)
# what a setting named after a phone holds when it is not the number (`phone_id: 12345678`, `contactId`)
_NOT_THE_NUMBER = lazy(
    r"(?i)^[_-]?(?:ids?|uuid|key|hash|count|type|code|ext|extension|prefix|len|length|index|idx)\b|^Id|"
    # (round twenty-nine) when it was checked or changed: a timestamp (`phone_verified_at: 1712345678`)
    r"^[_-]?(?:verified|confirmed|validated|updated|changed|created|added)(?:[_-]?(?:at|on|time|ts|date))?\b"
)
_REGIONS = (
    "US",
    "GB",
    "DE",
    "FR",
    "IN",
    "AU",
    "CA",
    "ES",
    "IT",
    "NL",
    "BR",
    "JP",
    "CN",
    "VN",
    "SE",
    "KR",
    "MX",
    "PL",
    "CH",
    "AT",
    "BE",
    "PT",
    "IE",
    "DK",
    "NO",
    "FI",
    "RU",
    "TR",
    "SG",
    "HK",
    "TW",
    "ID",
    "PH",
    "NG",
    "ZA",
    "AR",
    # (round twenty) where the sets' authors also write: the Gulf, Egypt, Israel, Greece, Thailand, Romania, Ukraine
    "SA",
    "AE",
    "EG",
    "IL",
    "GR",
    "TH",
    "RO",
    "UA",
    "MY",
    "PK",
    "KE",
    "CZ",
    "HU",
    "CO",
    "CL",
)


# (round thirty-one) a number written as North America writes it with its trunk `1`: `1-800-959-8069`,
# `1 (415) 555-0132`, `1.800.221.4651`
_NANP_GROUPING = lazy(r"1[ .-]?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]\d{4}")


# (round thirty) what a form shows in an empty field, or documentation's "e.g.": the format, no one's number
_A_FORMS_HINT_BEFORE = lazy(
    r"(?i)(?:\bplaceholder|\bhint|\be\.g\.|\bz\.\s?b\.|\bp\.\s?ej\.|\bpor ejemplo|\bpar exemple|\bzum beispiel)"
    r"[\"']?[ \t]*[:=]?[ \t]*[\"'{(]?$"
)


def _phone(value: str, m: re.Match[str], said: bool = False) -> bool:
    before = m.string[m.start() - 1 : m.start()] or " "
    # glued to a word or an expression: `a+49…`, `id-415-555-0132`; after `=` only an international number
    # libphonenumber calls valid is one (`TWILIO_TO=+4915123456789`; `x=+12…` is arithmetic)
    glued_ok = before == "=" and value.startswith("+")
    if not said and re.match(r"[\w+/=.-]", before) and not glued_ok:
        return False
    digits = re.sub(r"\D", "", value)
    if not 7 <= len(digits) <= 15 or len(set(digits)) < 3 or _placeholder_digits(digits):
        return False
    at = m.string.find(value, m.start())  # (a said number's match starts at the word that says it)
    if at >= 0 and _A_FORMS_HINT_BEFORE.search(m.string, max(0, at - 40), at):
        return False  # (round thirty) a form's hint of the format (`placeholder="+49 30 123456789"`)
    if _IPV4_SHAPED.fullmatch(value.strip()):
        return False  # an address (`198.51.100.231`), not a number
    if re.fullmatch(r"\d{4}[-./]\d{2}[-./]\d{2}|\d{2}[-./]\d{2}[-./]\d{4}", value.strip()):
        return False  # a date
    import phonenumbers  # lazily: only a text with a phone-shaped number pays for it (~20 ms)

    regions: tuple[str | None, ...] = (None,) if value.startswith("+") else _REGIONS if said else ("US", "CA")
    if _NANP_GROUPING.fullmatch(value.strip()):
        # (round thirty-one) North America's trunk `1` and its 3-3-4 grouping say whose number it is: `1-800-959-…`
        # is a toll-free line there, not a mobile of China's (`180 0959 …`) nor a line of Austria's
        regions = ("US", "CA")
    elif not value.startswith("+"):
        # (round thirty-two) so does any country's own grouping, its trunk prefix written: `0800 330 1000` is
        # written as Britain, Brazil or Turkey write their toll-free lines, not as India writes a mobile
        regions = _written_as_in(value.strip(), regions) or regions
    if _fictional_by_its_text(value, m):
        return False
    parsed: list[phonenumbers.PhoneNumber] = []
    for region in regions:
        try:
            parsed.append(phonenumbers.parse(value, region))
        except phonenumbers.NumberParseException:
            continue
    # (round twenty-nine) a business's line wherever the number is one (`+44 800 …`): read in every region it is
    # valid in before any region's mere possibility counts; a person's line in any of them keeps it (`090-…` is
    # a mobile in Japan and premium-rate in the UK)
    valid = [n for n in parsed if phonenumbers.is_valid_number(n)]
    if valid and all(_no_ones_number(n) for n in valid):
        return False
    for number in parsed:
        if _fictional_nanp(number) or _vendor_test_number(number) or _counts_up(number):
            return False
        # A number a word calls one may be fictional (a `555` exchange): possible is enough there. So is a number
        # written whole in international form, country code and all, ten digits or more: the form is a phone's, and
        # a range libphonenumber does not know yet is still someone's line (stop 63: fresh47's lending group
        # printed `+972-54-1190637` beside a member's name, not in any range the metadata holds, and it reached the
        # model while the row above it was flagged)
        international = value.startswith("+") and not glued_ok and len(digits) >= 10
        if phonenumbers.is_valid_number(number) or (
            (said or international) and not glued_ok and phonenumbers.is_possible_number(number)
        ):
            return True
    return False


@lru_cache(maxsize=4096)
def _written_as_in(value: str, regions: tuple[str | None, ...]) -> tuple[str | None, ...]:
    """(round thirty-two) The regions whose national format is the number exactly as written, a trunk prefix or an
    area code's parentheses shown (`0800 330 1000`, `011 15-1608-8092`, `090-3812-7765`): the writer's country."""
    if not re.match(r"[0(]", value) or not re.search(r"\d[ .-]+\(?\d", value):
        return ()
    import phonenumbers

    found: list[str | None] = []
    for region in regions:
        try:
            number = phonenumbers.parse(value, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number) and (
            phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL) == value
        ):
            found.append(region)
    return tuple(found)


def _counts_up(number: object) -> bool:
    national = str(getattr(number, "national_number", ""))
    return len(national) >= 8 and national in "01234567890123456789"


def _no_ones_number(number: object) -> bool:
    """(round twenty-nine) A number that is no person's, by libphonenumber's own types: a business's toll-free,
    premium-rate, shared-cost or universal access line (`+44 800 123 4567` on a support page); or a national number
    whose digits count up after the country code (`+33 1 23 45 67 89`, a docs' sample)."""
    import phonenumbers
    from phonenumbers import PhoneNumberType

    if _counts_up(number):
        return True
    kind = phonenumbers.number_type(number)  # type: ignore[arg-type]
    return kind in (
        PhoneNumberType.TOLL_FREE,
        PhoneNumberType.PREMIUM_RATE,
        PhoneNumberType.SHARED_COST,
        PhoneNumberType.UAN,
    )


# North America's area code 555, assigned to no one, as a mockup writes it (`(555) 123-4567`, `555-234-5678`)
_NO_ONES_AREA = lazy(r"(?:\+?1[ .-]?)?(?:\(555\)|555)[ .-]?\d{3}[ .-]?\d{4}")


def _fictional_nanp(number: object) -> bool:
    """(round eighteen) North America's numbers no one has: area code 555 is never assigned (`(555) 123-4567` in a
    mockup), and a 555 exchange with no area code at all (`555-0100`) is film and documentation's. A real area code
    before a 555 exchange (`+1 646 555 0193`) stays a phone: a word called it one."""
    national = str(getattr(number, "national_number", ""))
    return getattr(number, "country_code", 0) == 1 and (
        (len(national) == 10 and national.startswith("555")) or (len(national) == 7 and national.startswith("555"))
    )


# (round twenty-two) the ranges a regulator keeps for drama, fiction and documentation, so that no one is called
# (a number there is fictional where its text says so: `_fictional_by_its_text`):
# Ofcom's (`07700 900xxx`, `020 7946 0xxx`, `0113 496 0xxx`, `01632 960xxx`, …) and ACMA's (`0491 57x xxx`,
# `(02) 5550 xxxx`, `(03) 7010 xxxx`, …), national numbers after the country code
_DRAMA_RANGES = {
    44: (
        "7700900",
        "2079460",
        "1134960",
        "1144960",
        "1154960",
        "1164960",
        "1174960",
        "1184960",
        "1214960",
        "1314960",
        "1414960",
        "1514960",
        "1614960",
        "1914980",
        "2896496",
        "2920180",
        "1632960",
        "3069990",
        "8081570",
        "9098790",
    ),
    61: ("49157", "25550", "27010", "35550", "37010", "75550", "77010", "85550", "87010"),
}


_DRAMA_REGIONS = ("GB", "AU")


def _parsed(value: str, region: str | None) -> object:
    import phonenumbers

    try:
        return phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return None


def _reserved_for_drama(number: object) -> bool:
    national = str(getattr(number, "national_number", ""))
    return national.startswith(_DRAMA_RANGES.get(getattr(number, "country_code", 0), ()))


# what says a number is made up, on its line or the line before: `FAKE_UK_MOBILE = …`, `# Ofcom reserves … for drama`
_SAID_MADE_UP = lazy(
    r"(?i)(?<![a-z])(?:fake|dummy|fictional|fiction|fictitious|drama|example|sample|test|mock|placeholder|reserved|"
    r"ofcom|acma|not[ \t]+a[ \t]+real)(?![a-z])"
)


def _fictional_by_its_text(value: str, m: re.Match[str]) -> bool:
    """A number in a regulator's drama range, on a line (or under a line) that says it is made up. Read in its own
    country first (`07700 900123` is Ofcom's, not a US number). The same range written as someone's number (`I put
    your number (020 7946 0321) in the escalation policy`) stays a phone: the earlier blind sets plant it so."""
    if not any(_reserved_for_drama(_parsed(value, region)) for region in _DRAMA_REGIONS):
        return False
    text = m.string
    line_start = text.rfind("\n", 0, max(0, text.rfind("\n", 0, m.start()))) + 1
    line_end = text.find("\n", m.end())
    return _SAID_MADE_UP.search(text, line_start, line_end if line_end >= 0 else len(text)) is not None


def _vendor_test_number(number: object) -> bool:
    """(round nineteen) A test number a vendor documents for everyone, as AWS's EXAMPLE keys are: Twilio's magic
    numbers (`+1 500 555 0000` to `0009`) answer test credentials only, so they reach no one."""
    national = str(getattr(number, "national_number", ""))
    return getattr(number, "country_code", 0) == 1 and re.fullmatch(r"500555000\d", national) is not None


def _said_phone(value: str, m: re.Match[str]) -> bool:
    if _NOT_THE_NUMBER.match(m.group("between")) or _NUMBER_OF_A_THING.match(m.group("between")):
        return False
    return _phone(value, m, said=True)


_IPV4_SHAPED = lazy(r"\d{1,3}(?:\.\d{1,3}){3}")


def _placeholder_digits(digits: str) -> bool:
    """`123-456-7890`, `987-654-3210`, `+49 000 0000000`: the digits a form's example shows (a run, or a
    country code and one digit repeated), not anyone's number."""
    return (
        digits in "01234567890123456789"
        or digits in "98765432109876543210"
        or re.fullmatch(r"\d{0,3}?(\d)\1{6,}", digits) is not None
        # (round twenty-four) an area code, then a subscriber of one digit repeated (`+49 (0) 30 0000000`)
        or re.search(r"(\d)\1{6,}$", digits) is not None
    )


# A number in a country's national format with no word saying it is one (`0151 23456789`, `06 12 34 56 78`,
# `(11) 98765-4321`, `090-3812-7765`, `0412 345 678`): digit groups with one separator between them, a
# leading group of 2-5 digits (or an area code in parentheses), 9 to 13 digits in all. Nearly any such
# string is *valid* somewhere (India and the US accept most 10-digit numbers), so what decides is the shape
# and the context: not a date, a size, an id, a version or a row of figures; then libphonenumber's matcher
# (leniency VALID) in the author's region or one of the regions authors write from.
_SEP = r"(?:[ \t]?[/-][ \t]?|[ .])"
_PHONE_NATIONAL = (
    r"(?<![\w+/.=:#@$%&*\\-])(?<!\d[ .-])(?:\(\d{2,5}\)[ \t]?|(?:0\d{5}|\d{2,5})"
    + _SEP
    + r")\d{2,8}(?:"
    + _SEP
    + r"\d{2,8}){0,4}"
    r"(?![\w]|[.,/-]?\d|[ .-]\d|:\d|%)"
)
_NATIONAL_REGIONS = ("US", "GB", "DE", "FR", "NL", "ES", "SE", "IN", "BR", "JP", "CN", "VN", "AU")
# what a number after these words is: an id, a size, a version, an amount (`build 0412 345 678`)
_FIGURE_NOUNS = (
    r"ids?|pid|uid|gid|port|ports|build|version|ver|v|rev|revision|release|commit|issue|pr|order|orders|"
    r"job|jobs|task|request|req|trace|span|pipeline|kernel|heap|rss|mem|memory|disk|rx|tx|invoice|ticket|"
    r"case|serial|sn|isbn|ean|upc|gtin|iban|bic|swift|sort code|account|acct|card|cvv|zip|postcode|postal|"
    r"size|bytes|total|count|sum|amount|price|cost|hash|block|height|epoch|seed|checksum|crc|offset|line|"
    r"lines|row|rows|step|steps|iteration|iter|batch|no|nr|num|number of|tracking|ref|reference|vat|tax|"
    r"ssn|revenue|sales|balance|budget|"
    # (round thirty) the same nouns in the other languages authors write in (`el número de pedido 2026-118-4471`,
    # `Bestellnummer`, `номер заказа`, `订单号`); never `número`/`Nummer` alone (`mi número es …` is a phone)
    r"pedidos?|encomendas?|commandes?|facture|factura|fattura|fatura|ordine|ordem|bestellung|bestellnummer|"
    r"auftrag|auftragsnummer|rechnung|rechnungsnummer|kundennummer|sendungsnummer|vorgangsnummer|ticketnummer|"
    r"referencia|référence|riferimento|referência|incidencia|chamado|pratica|dossier|bestelling|ordernummer|"
    r"zamówienia|zamówienie|objednávky|objednávka|siparişi?|заказа?|счёта?|счета?|тикета?|"
    r"订单号?|訂單號?|注文番号|注文|주문번호|주문|đơn hàng|mã đơn|timestamp|unixtime|uuid|guid|ulid|nonce"
)
# and, before a number written in a country's own way, a verb, a preposition or a national register's name
# (`Ran 1024 tests`, `over 2048`, `siret 732 829 320`)
_FIGURE_VERBS = (
    r"run|used|free|transferred|downloaded|uploaded|received|sent|read|written|elapsed|took|ran|approx|ca|"
    r"over|under|paid|due|lat|lon|lng|kvk|siret|siren|ust|steuer|nin|aadhaar|cpf|cnpj|dni|nie|nif"
)


# (round thirty) a number word that names another thing's number (`número de pedido`, `номер заказа`, `numéro de
# commande`, `number of the invoice`): an order's or a ticket's, not a phone
_NUMBER_OF_A_THING = lazy(
    r"(?i)^[ \t:]*(?:(?:de|del|da|do|di|of|the|der|des|du|dello|della|van|het)[ \t]+){0,2}(?:l['’])?"
    rf"(?:{_FIGURE_NOUNS})(?![^\W_])"
)


# (round thirty) the comment after it says what it is (`BUILD = '0412 345 678'  # ci run id`)
_COMMENT_SAYS_A_FIGURE = lazy(
    r"(?i)[\"'`]?,?[ \t]*(?:#|//|/\*)[ \t]*(?:[\w-]+[ \t]+){0,3}?" rf"(?:{_FIGURE_NOUNS})(?![^\W_])"
)


# a setting name's last part (`BUILD_ID`, `orderNumber`), not after a phone's word (`phoneNumber`, `mobile_no`)
_AFTER_A_NAME_PART = (
    r"(?:(?<=_)|(?-i:(?<=[a-z])(?=[A-Z])))"
    r"(?<!phone)(?<!phone_)(?<!mobile)(?<!mobile_)(?<!cell)(?<!cell_)(?<!tel)(?<!tel_)(?<!fax)(?<!fax_)"
    r"(?<!contact)(?<!contact_)(?<!whatsapp)(?<!whatsapp_)(?<!sms)(?<!sms_)"
)


def _words_before(words: str) -> re.Pattern[str]:
    # (round thirty) also the last part of a setting's name (`BUILD_ID = '…'`, `orderNumber: "…"`, `RUN_ID="…"`),
    # its value quoted (`BUILD = '0412 345 678'`)
    return re.compile(
        rf"(?i)(?:(?:(?:\b|{_AFTER_A_NAME_PART})(?:{words})|{_AFTER_A_NAME_PART}number)\b"
        r"[\"'`]?[ \t.:#=№°º]*[\"'`]?|"
        r"#[ \t]*|[$€£¥₹₫][ \t]*)$"
    )


_NOT_A_PHONE_BEFORE = _words_before(f"{_FIGURE_NOUNS}|{_FIGURE_VERBS}")
# A North American number written as one (10 digits in its 3-3-4 groups) is a phone more often than not: only
# nouns make it something else there, not a verb or a preposition ("Sent 415-555-0132 the invoice", "over …")
_NOT_A_NANP_BEFORE = _words_before(rf"{_FIGURE_NOUNS}|(?:heap|disk|mem|memory|swap)[ \t]+(?:used|free)")
_NANP_SHAPED = lazy(_PHONE_NANP)
_UNIT_AFTER = lazy(
    r"(?i)^[ \t]?(?:[kmgtp]?i?b\b|bytes|ms\b|µs|ns\b|s\b|sec|secs|seconds|min\b|mins|h\b|hrs|rows|lines|files|"
    r"tests|items|records|entries|times|x\b|px|pt|em|rem|kg|g\b|m\b|km|mm|cm|€|\$|eur|usd|gbp|ops|req|%|"
    # (a currency's ISO code: `212 555 1234 VND`)
    r"(?-i:[A-Z]{3})\b)"
)
_DATE_START = lazy(
    r"^(?:(?:19|20)\d\d[-./ ](?:0?[1-9]|1[0-2])[-./ ](?:0?[1-9]|[12]\d|3[01])|"
    r"(?:0?[1-9]|[12]\d|3[01])[-./ ](?:0?[1-9]|1[0-2])[-./ ](?:19|20)\d\d)(?!\d)"
)


def _author_region() -> str | None:
    """The region of the machine's locale (`de_DE.UTF-8` -> DE): a number written as the author's country
    writes it is tried there first."""
    import os

    for name in ("LC_ALL", "LC_TELEPHONE", "LC_MESSAGES", "LANG"):
        found = re.match(r"[a-z]{2,3}_([A-Z]{2})\b", os.environ.get(name, ""))
        if found:
            return found.group(1)
    return None


def _national_phone(value: str, m: re.Match[str]) -> bool:
    digits = re.sub(r"\D", "", value)
    if not 9 <= len(digits) <= (15 if value.startswith("00") else 13) or len(set(digits)) < 4:
        return False
    if _placeholder_digits(digits) or _IPV4_SHAPED.fullmatch(value) or _NO_ONES_AREA.fullmatch(value.strip()):
        return False
    if _DATE_START.match(value):
        return False
    if not _unsaid_number_is_alone(value, m, separators_say=False) or _fictional_by_its_text(value, m):
        return False
    return _matched_national(value, _author_region())


def _nanp_phone(value: str, m: re.Match[str]) -> bool:
    """A North American number no word calls one: the same context test as a national number's (a size, an
    order's number, a duration, an amount, a row of figures are not phones), then libphonenumber."""
    return _unsaid_number_is_alone(value, m, separators_say=True, nanp=True) and _phone(value, m)


def _unsaid_number_is_alone(value: str, m: re.Match[str], separators_say: bool, nanp: bool = False) -> bool:
    """A number no word calls a phone is one only where nothing says it is something else: no word before it
    that makes it an id, a size, a version, an amount or a count (`order`, `size:`, `heap used`, `€`), no
    unit after it (`bytes`, `KiB`, `ms`, `VND`), not glued to a word, and not one of a row of figures (`ps`,
    `du`, a table). Dashes or parentheses (`415-555-0132`, `(11) 98765-4321`) are a phone's own way of
    writing, so two of them on a line are not a row."""
    text = m.string
    line_start = text.rfind("\n", 0, m.start()) + 1
    line_end = text.find("\n", m.end())
    before = text[max(line_start, m.start() - 30) : m.start()]
    after = text[m.end() : m.end() + 12]
    if (_NOT_A_NANP_BEFORE if nanp else _NOT_A_PHONE_BEFORE).search(before) or _UNIT_AFTER.match(after):
        return False
    if _COMMENT_SAYS_A_FIGURE.match(text, m.end(), line_end if line_end >= 0 else len(text)):
        return False
    if re.search(r"[\w.]-?$", before) and not re.search(r"[\s(\[{\"'`,;:|>]$", before):
        return False
    # a version or another figure just before it (`version 3.12 415.555.2671`, `at 1714 5600 00`); before a
    # North American number, only a version (`Suite 200 415-555-0132` is an address and a phone)
    written = nanp and re.search(r"\(|\d[-.]\d", value) is not None  # (`415-555-0132`, not `415 555 0132`)
    if re.search(r"\d+\.\d[\w.-]*[ \t]+$" if written else r"\d[\w.-]*[ \t]+$", before):
        return False
    # a row of figures (`ps`, `du`, a data table): other numbers of 3+ digits on the same line
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    if nanp:  # (other North American numbers on the line, spaced or not, are phones too, not figures)
        line = _NANP_SHAPED.sub(" ", line)
    elif separators_say:
        line = re.sub(r"\(?\d+\)?(?:[-.]\d+)+", " ", line)  # (other numbers written as phones are not figures)
    # (round forty-one) nor is an international number, nor a date: a dry run's SMS line, `+40 741 552 018: …,
    # 2026-02-13 – 2026-02-15, … 0744 318 265`, is a message to a guest signed with the business's number, no row of
    # figures (fresh43's guesthouse: the signature reached the model cut to `0744 318 2…`)
    line = _ROW_NOT_FIGURES.sub(" ", line)
    others = len(re.findall(r"(?<![\w.])\d{3,}", line)) - len(re.findall(r"(?<![\w.])\d{3,}", value))
    return others < 3


_ROW_NOT_FIGURES = lazy(r"\+\d{1,3}[ .-]?\d[\d .-]{5,16}\d(?![\w.-]?\d)|\b\d{4}-\d\d-\d\d\b")


@lru_cache(maxsize=4096)
def _matched_national(value: str, first: str | None) -> bool:
    """libphonenumber's matcher finds the whole of `value` as a valid number of one of the regions."""
    from phonenumbers import Leniency, PhoneNumberMatcher  # lazily: ~20 ms, only for a phone-shaped number

    regions = (first, *(r for r in _NATIONAL_REGIONS if r != first)) if first else _NATIONAL_REGIONS
    # (round thirty-two) a number written exactly as its own country writes it, trunk prefix and groups
    # (`011 15-1608-8092` in Buenos Aires), is that country's, read there only
    written = _written_as_in(value, _REGIONS)
    if written:
        regions = tuple(r for r in written if r is not None)
    for region in regions:
        for match in PhoneNumberMatcher(value, region, leniency=Leniency.VALID):
            # (round twenty-nine) a business's line in this region (`090-…` is premium-rate in the UK) is no
            # person's there; another region may read a person's (a mobile in Japan)
            if match.start == 0 and match.end == len(value) and not _no_ones_number(match.number):
                return True
    return False


# -- people's names where they are written as names -------------------------------------------------


# git's author line and commit trailers, git config, the author variables; the name up to its `<email>`,
# a quote or the end of the line.
# The lowercase words inside a name (`Ludwig van der Berg`, `Aisha binti Rahman`), and no other: `Mei Takahashi
# on the PR` ends at `Takahashi`.
_PARTICLE = (
    r"(?:van|von|der|den|de|del|della|dela|di|da|das|dos|du|la|le|bin|binti|ibn|bint|al|el|ten|ter|y|e|zu|af|av|"
    r"vander|mac|ap|ó|o)"
)


def _name(group: str) -> str:
    """A name: 1-4 words, the first and the last capitalised (a letter with no case counts: 王小明), particles
    such as `van der` between."""
    # (a combining mark belongs to its word: `Ṣódípẹ̀` written with a grave apart)
    # (round twenty-one: and the marks of the scripts with no case, `ศรีสวัสดิ์`, which `\w` leaves out)
    # (round twenty-five) an apostrophe inside a word only (`O'Brien`), never the quote that closes the value
    # (`GIT_AUTHOR_NAME='Ana Souza'`)
    rest = rf"(?:[\w.\u0300-\u036f{SCRIPT_MARKS}-]|['’](?=[^\W\d_]))*"
    word = rf"(?:[^\W\d_a-z]{rest})"
    # a later word may carry its particle glued on: `al-Farsi`, `d'Alembert`, `ben-Haim`
    later = rf"(?:(?:[a-z]{{1,3}}[-'’])?[^\W\d_a-z]{rest})"
    return rf"(?P<{group}>{word}(?:[ \t]+(?:{_PARTICLE}[ \t]+){{0,2}}{later}){{0,3}})"


# As git writes them (`Author:`, `Co-authored-by:`), never in capitals: retell's own `AUTHOR:` labels the
# author's messages in a prompt. PKGBUILD's `# Maintainer:` and `# Contributor:` lines are the same shape.
_TRAILER = (
    r"(?:Author|Committer|Maintainer|Contributor|"
    r"(?:Co-[Aa]uthored|Signed-[Oo]ff|Reviewed|Acked|Tested|Reported|Suggested|Helped)-[Bb]y)"
)
# How a message or an email is signed off, in the languages authors write in.
_VALEDICTIONS = (
    r"thanks|thank you|many thanks|thanks again|thx|cheers|best|best regards|kind regards|warm regards|regards|"
    r"sincerely|yours|yours truly|all the best|talk soon|viele grüße|beste grüße|liebe grüße|freundliche grüße|"
    r"mit freundlichen grüßen|gruß|grüße|mfg|danke|cordialement|bien à vous|bien cordialement|merci|"
    r"amitiés|saludos|un saludo|atentamente|gracias|cumprimentos|abraços|obrigad[oa]|groeten|met vriendelijke groet|"
    r"hälsningar|mvh|med vänlig hälsning|trân trọng|cảm ơn|"
    # (round eighteen) Polish, Italian, Czech, Turkish, Russian, Indonesian
    r"pozdrawiam|pozdrowienia|dzięki|saluti|un saluto|cordiali saluti|grazie|s pozdravem|díky|děkuji|"
    r"saygılarımla|teşekkürler|selamlar|с уважением|спасибо|salam|terima kasih|makasih"
)
_VALEDICTION_KEYWORDS = (
    "thank",
    "thx",
    "cheers",
    "best",
    "regards",
    "sincerely",
    "yours",
    "talk soon",
    "grüße",
    "gruß",
    "mfg",
    "danke",
    "cordialement",
    "bien à vous",
    "merci",
    "amitiés",
    "saludo",
    "atentamente",
    "gracias",
    "cumprimentos",
    "abraços",
    "obrigad",
    "groet",
    "hälsning",
    "mvh",
    "trân trọng",
    "cảm ơn",
    "pozdr",
    "dzięki",
    "salut",
    "grazie",
    "díky",
    "děkuji",
    "saygı",
    "teşekkür",
    "selamlar",
    "уважением",
    "спасибо",
    "salam",
    "kasih",
)
# The people an author works with, as they name them before the name.
_RELATIONS = (
    r"(?:my|our)[ \t]+(?:(?:new|old|former|senior|junior)[ \t]+)?(?:colleague|co-?worker|teammate|"
    r"team-mate|manager|boss|team lead|tech lead|lead dev|lead developer|cto|ceo|intern|mentor|reviewer|"
    r"pairing partner)|"
    r"(?:mein(?:e|em|en)?|unser(?:e|em|en)?)[ \t]+(?:kollege|kollegin|kollegen|chef|chefin|teamleiter|teamleiterin)|"
    r"(?:mon|ma|notre)[ \t]+(?:collègue|chef|cheffe|manager|responsable)|"
    r"(?:mi|nuestr[oa])[ \t]+(?:colega|compañer[oa]|jef[ea])|(?:meu|minha)[ \t]+(?:colega|chefe|gerente)|"
    r"(?:mijn|onze)[ \t]+(?:collega|baas|manager)|(?:min|vår)[ \t]+(?:kollega|chef)|"
    r"đồng nghiệp(?:[ \t]+(?:của[ \t]+)?(?:tôi|mình|em|anh))?|sếp(?:[ \t]+(?:của[ \t]+)?(?:tôi|mình|em))?"
)
_RELATION_KEYWORDS = (
    "colleague",
    "coworker",
    "co-worker",
    "teammate",
    "team-mate",
    "manager",
    "boss",
    "lead",
    "cto",
    "ceo",
    "intern",
    "mentor",
    "reviewer",
    "pairing partner",
    "kolleg",
    "chef",
    "teamleiter",
    "collègue",
    "responsable",
    "colega",
    "compañer",
    "jefe",
    "jefa",
    "gerente",
    "collega",
    "baas",
    "kollega",
    "đồng nghiệp",
    "sếp",
)

# The most common Chinese family names (simplified and traditional): a Chinese name told in a sentence starts
# with one, which `作者发出的消息` ("messages the author sent") or `同事的电脑` ("a colleague's computer") do not.
_CJK_SURNAME = (
    "[王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何高林罗羅郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖蕭田董袁潘于"
    "蒋蔣蔡余杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范範金石廖贾賈夏韦韋付方白邹鄒孟熊秦邱江尹薛闫閻段雷侯龙龍"
    "史陶黎贺賀顾顧毛郝龚龔邵万萬钱錢严嚴覃武戴莫孔向汤湯欧歐阳陽司上诸諸葛]"
)
# Where a Chinese name told after a cue ends: punctuation, or what is said of the person next (`同事孙嘉怡写的`,
# `经理王伟说`, `同事李静怡负责`, `同事林雅婷确认过`)
# A Japanese honorific after a name (`田中さん`, `佐藤様`); 氏 of 氏名, "full name", and 様 of 様式, "form", 様子,
# "look", are words of their own (`宿泊者氏名`, a column of a guest register, names no one; fresh36)
JA_HONORIFIC = r"さん|様(?![式子相])|さま|氏(?!名)|先生|くん|君|ちゃん"
_CJK_NAME_END = (
    r"[，,、。．！？!?\s）)]|说|說|她|他|告诉|提到|写|寫|的|负责|負責|确认|確認|审|審|提|觉得|覺得|讲|講|问|問|"
    r"回复|回覆|看|改|在|也|已|会|會|要|和|跟|$"
)
_NAME_FIELD_OWNERS = words(
    """
    display full real legal customer contact author owner person patient employee member sender recipient holder
    assignee reporter
    """
)
_NAME_FIELD_KEYWORDS = tuple(f"{who}{sep}name" for who in sorted(_NAME_FIELD_OWNERS) for sep in ("", "_", "-"))
# Each shape its own rule, searched near the word it starts with.
# A company's departments, as a person is said to be from one (`Jane Doe from finance`, `Jane Doe (legal)`);
# not words a phrase could end on (`Results from data`, `Notes from design`).
_DEPARTMENTS = (
    r"finance|accounting|accounts|legal|hr|human resources|people ops|sales|marketing|customer support|"
    r"customer success|operations|infosec|procurement|purchasing|payroll|billing|qa|compliance|devops|sre|"
    r"recruiting|talent|facilities|treasury|logistics|customer service|helpdesk|it support|comms|communications"
)
_DEPARTMENT_KEYWORDS = tuple(f"{p}{d}" for d in _DEPARTMENTS.split("|") for p in (" from ", " from the ", "("))
# What a message says someone said or asked, when it starts with their name.
_REPORTING = (
    r"says|said|asked|asks|wants|wanted|mentioned|reported|noticed|told me|told us|pinged me|emailed|messaged|"
    r"suggested|complained|confirmed|needs|requested|flagged|wrote|thinks|"
    # (round seventeen) Polish past tenses (`zrobił(a)` too: the word ends before its bracket) and Hinglish's `ne`
    # before what was said or done
    r"powiedział|powiedziała|zrobił|zrobiła|napisał|napisała|zgłosił|zgłosiła|poprosił|poprosiła|zapytał|zapytała|"
    r"ne bola|ne boli|ne kaha|ne likha|ne bataya|ne poocha|ne pucha"
)


_PERSON_SHAPES = (
    # (group, regex, keywords, window)
    (
        "trailer",
        r"(?:^|(?<=[\s>\"'`]))" + _TRAILER + r":[ \t]+" + _name("trailer") + r"[ \t]*<",
        ("author:", "committer:", "maintainer:", "contributor:", "-by:"),
        (30, 150),
    ),
    (
        "config",
        r"\bgit[ \t]+(?:-c[ \t]+user\.name=[\"']?|config(?:[ \t]+--(?:global|local|system))?[ \t]+user\.name"
        r"[ \t]+[\"']?)" + _name("config"),
        ("user.name",),
        (60, 120),
    ),
    # the same lines with no address: `Author: Jane Doe`, `# Maintainer: Jane Doe`, ` * Author: Jane Doe`
    (
        "bare_trailer",
        r"(?:^[ \t]*(?:[#*;%]+|//|--|\.\.)?[ \t]*|(?<=[\"'`]))(?::author:|"
        + _TRAILER
        + r":)[ \t]+"
        + _name("bare_trailer")
        + r"[ \t]*(?:,[ \t]*\d{4}.*)?$",
        ("author:", "committer:", "maintainer:", "contributor:", "-by:"),
        (30, 150),
    ),
    # told in a sentence as the name a commit goes under: `commit it as Jane Doe`, `my git name is Jane Doe`
    (
        "told",
        r"(?i:\b(?:commit(?:ted|s)?|sign(?:ed)?[ -]?off|author(?:ed)?)\b[^\n.;:!?]{0,30}?\bas|"
        r"\bmy[ \t]+(?:full[ \t]+|real[ \t]+|git[ \t]+)?name[ \t]+is|"
        # `the author is Jane Doe`, `authored by Jane Doe`
        r"\b(?:author|committer)(?:[ \t]+name)?[ \t]+(?:is|was|to|becomes|became)|"
        r"\b(?:authored|committed|written|reported|reviewed|signed[ -]off)[ \t]+by)[ \t]+[\"'`“]?" + _name("told"),
        ("commit", "sign", "author", "name is", "written by", "reported by", "reviewed by"),
        (60, 120),
    ),
    # `git config --list` and `git config -l` print `user.name=Jane Doe`
    ("listed_config", r"^[ \t]*user\.name=" + _name("listed_config") + r"[ \t]*$", ("user.name=",), (5, 120)),
    ("variable", r"\bGIT_(?:AUTHOR|COMMITTER)_NAME=[\"']?" + _name("variable"), ("_name=",), (30, 120)),
    ("flag", r"--author[= ][\"']?" + _name("flag") + r"[ \t]*<", ("--author",), (5, 150)),
    (
        "section",
        r"^\[user\][ \t]*\n(?:[ \t]*\w+[ \t]*=.*\n)*?[ \t]*name[ \t]*=[ \t]*" + _name("section"),
        ("[user]",),
        (5, 400),
    ),
    # git blame: `a1b2c3d4 (Jane Doe 2024-01-05 10:00:00 +0100 12) …`, with `--date=short` no time and no zone
    # (`a1b2c3d4 (Jane Doe 2024-01-05 12) …`); git shortlog -sn: `    12\tJane Doe`
    (
        "blame",
        r"^\^?[0-9a-f]{7,40}[ \t]+(?:\S+[ \t]+)?\(" + _name("blame") + r"[ \t]+\d{4}-\d\d-\d\d",
        (" +0", " -0", " +1", " -1", " 19", " 20"),
        None,
    ),
    ("shortlog", r"^[ \t]*\d+\t" + _name("shortlog") + r"(?=[ \t]*(?:<[^>\n]*>)?[ \t]*$)", ("\t",), None),
    # the same, pasted with its tab turned to spaces, in a text that ran shortlog
    (
        "shortlog_spaced",
        r"^[ \t]*\d+[ \t]{2,}" + _name("shortlog_spaced") + r"(?=[ \t]*(?:<[^>\n]*>)?[ \t]*$)",
        ("shortlog",),
        (0, 4000),
    ),
    # a mailbox: `Jane Doe <jane@acme.io>` (mail headers, AUTHORS, MAINTAINERS, package metadata)
    # (a display name may be quoted: `From: "Jane Doe" <jane@…>`)
    (
        "mailbox",
        r"(?:^|(?<=[\s\"'`:,(\[]))" + _name("mailbox") + r"[\"']?[ \t]+<[^<>@\s]+@[^<>\s]+>",
        ("@",),
        (60, 260),
    ),
    # a licence's holder; Javadoc's and PHPDoc's `@author`
    (
        "copyright",
        r"(?:(?i:copyright)(?:Text:)?[ \t]+(?:\([cC]\)|©)?|©)[ \t]*\d{4}(?:[ \t]*[-–][ \t]*(?:\d{4}|present))?,?"
        r"[ \t]+(?:by[ \t]+)?" + _name("copyright") + r"(?=[ \t]*(?:<[^>\n]*>|\(|,|\.|$))",
        ("copyright", "©"),
        (5, 150),
    ),
    # the holder before the year: `Copyright © Jane Doe 2024`, `(c) Jane Doe, 2019-2024`
    (
        "copyright_first",
        r"(?:(?i:copyright)[ \t]+(?:\([cC]\)|©)|©)[ \t]*(?:by[ \t]+)?"
        + _name("copyright_first")
        + r"(?=,?[ \t]+\d{4}\b)",
        ("copyright", "©"),
        (5, 150),
    ),
    ("tag", r"@author[ \t]+" + _name("tag"), ("@author",), (5, 120)),
    # `git blame --porcelain`: `author Jane Doe` over `author-mail <…>`
    (
        "porcelain",
        r"^(?:author|committer)[ \t]+" + _name("porcelain") + r"[ \t]*\n(?:author|committer)-mail\b",
        ("-mail",),
        (130, 20),
    ),
    # what `git config user.name` prints, on the line after the command
    (
        "config_read",
        r"\bgit[ \t]+config(?:[ \t]+--(?:global|local|system))?(?:[ \t]+--get)?[ \t]+user\.name[ \t]*\r?\n"
        r"(?:[ \t]*\r?\n)?" + _name("config_read") + r"[ \t]*$",
        ("user.name",),
        (60, 120),
    ),
    # a Maven POM's `<developer>`/`<contributor>` and LaTeX's `\author{…}`
    (
        "pom",
        r"<(?:developer|contributor)>\s*(?:<id>[^<\n]*</id>\s*)?<name>" + _name("pom") + r"</name>",
        ("<developer>", "<contributor>"),
        (5, 200),
    ),
    ("latex", r"\\author\{" + _name("latex") + r"\}", ("\\author{",), (5, 120)),
    # `git log --format='%h %an %s'` and the like: a line's name field, in a text that asked git for names
    (
        "log_format",
        r"^(?:\^?[0-9a-f]{7,40}[ \t|,;:-]+)?"
        + _name("log_format")
        + r"(?=[ \t]*(?:[|,;\t(<]|[ \t]-[ \t]|[ \t]{2}|$)|[ \t]+[a-z])",
        ("%an", "%cn"),
        (0, 4000),
    ),
    # a chat export pasted (Slack, Teams): the writer's name over the time of each message
    (
        "chat",
        r"^[ \t]*"
        + _name("chat")
        + r"[ \t]+(?:\d{1,2}:\d\d(?::\d\d)?[ \t]?[AaPp][Mm]|\[\d{1,2}:\d\d(?::\d\d)?\])[ \t]*$",
        (" am", " pm"),
        (70, 20),
    ),
    # a person named by what they are to the author, or as a commit's author, in Chinese or Japanese: the name
    # runs to its honorific or the punctuation after it (`同僚の小林美咲さん`, `作者是 李静怡，`)
    (
        "cjk",
        r"(?:同事|同僚|上司|老板|經理|经理|负责人|負責人|担当者?|作者|作成者|提交者|コミッター)"
        r"(?:の|是|为|為|は|が|：|:)?[ \t]*(?P<cjk>"
        # a Chinese name starts with a family name; any name may be followed by a Japanese honorific
        + _CJK_SURNAME
        + r"[\u4e00-\u9fff]{1,3}?(?="
        + _CJK_NAME_END
        + r")|"
        # a Japanese name with its space, told in a Chinese sentence (`同事佐々木 翔太写的`)
        r"[\u4e00-\u9fff々]{1,3}[ \t\u3000][\u4e00-\u9fff々]{1,3}?(?=" + _CJK_NAME_END + r")|"
        rf"[\u4e00-\u9fff々]{{2,5}}(?={JA_HONORIFIC}))",
        (
            "同事",
            "同僚",
            "上司",
            "老板",
            "經理",
            "经理",
            "负责人",
            "負責人",
            "担当",
            "作者",
            "作成者",
            "提交者",
            "コミッター",
        ),
        (5, 40),
    ),
    # a field that holds a person's name: `"displayName": "Aisha binti Rahman"`, `full_name = 'Jane Doe'`
    (
        "field",
        r"(?i:[\"']?(?:display|full|real|legal|customer|contact|author|owner|person|patient|employee|member|"
        r"sender|recipient|holder|assignee|reporter)[_-]?name[\"']?)[ \t]*[:=][ \t]*[\"']?"
        + _name("field")
        + r"(?=[\"']|[ \t]*(?:,|\}|$))",
        _NAME_FIELD_KEYWORDS,
        (5, 120),
    ),
    # someone the author turns to: `ask Jane Doe`, `questions to Jane Doe`, `cc Jane Doe`, `owned by Jane Doe`
    (
        "addressed",
        r"(?i:\b(?:ask(?:ed)?|ping(?:ed)?|cc|contact(?:ed)?|talk[ \t]+to|questions?[ \t]+to|reach[ \t]+out[ \t]+to|"
        r"check[ \t]+with|e-?mailed|messaged|dm'?e?d|"
        # `assigned the review to`, `handed the ticket over to`, `requested a review from`
        r"assign(?:ed)?(?:[ \t]+(?:it|this|that|them|(?:the|this|that|a|my|your|our|his|her)[ \t]+[\w-]+))?[ \t]+to|"
        r"(?:requested|request|asked[ \t]+for)[ \t]+(?:a[ \t]+)?(?:review|approval|sign-?off)[ \t]+from|"
        r"owned[ \t]+by|escalate[ \t]+to|hand(?:ed)?[ \t]+(?:(?:it|this|the[ \t]+[\w-]+)[ \t]+)?over[ \t]+to|"
        # (German puts a softening word between the verb and the person: `frag bitte`, `frag mal`, `frag doch`)
        r"frag(?:[ \t]+(?:bitte|mal|doch))?|fragt?[ \t]+bei|pregunta[ \t]+a|demande[ \t]+à))[ \t]+"
        + _name("addressed"),
        (
            "ask",
            "ping",
            "cc ",
            "contact",
            "talk to",
            "question",
            "reach out",
            "check with",
            "assign",
            "owned by",
            "escalate",
            "over to",
            "request",
            "mailed",
            "messaged",
            "dm",
            "frag",
            "pregunta",
            "demande",
        ),
        (30, 120),
    ),
    # a message's or an email's sign-off: `Thanks,` / `Best regards,` over the writer's name on its own line
    (
        "signoff",
        # (a pasted email's lines quoted: `> Kind regards,` / `> Jane Doe`)
        r"^[ \t>]*(?i:"
        + _VALEDICTIONS
        + r")[ \t]*[,!.]?[ \t]*\r?\n(?:[ \t>]*(?:--)?[ \t]*\r?\n)?[ \t>]*"
        + _name("signoff")
        + r"[ \t]*$",
        _VALEDICTION_KEYWORDS,
        (30, 160),
    ),
    # a person the author works with, named as such: `my colleague Jane Doe`, `mein Kollege Jürgen Weiß`
    (
        "colleague",
        r"(?i:\b(?:" + _RELATIONS + r"))[ \t]*,?[ \t]+" + _name("colleague"),
        _RELATION_KEYWORDS,
        (30, 120),
    ),
    # `Jane Doe from the platform team`, `Jane Doe (on our infra team)`
    (
        "teammate",
        r"(?:^|(?<=[\s\"'`(]))"
        + _name("teammate")
        + r"[ \t]+\(?(?i:(?:(?:from|on|in|of)[ \t]+(?:the|our|my)|aus[ \t]+(?:dem|der|unserem|unserer)|vom|im|"
        r"de[ \t]+l['’]|del|da|do)[ \t]*(?:[\w-]+[ \t]+){0,3}?"
        # a German compound names the team in one word: `aus dem Plattform-Team`
        r"(?:[\w]+-)?(?:team|squad|crew|department|dept|group|abteilung|équipe|equipe|equipo|time))\b",
        (" team", "-team", " squad", " crew", " department", " dept", " group", "abteilung", "équipe", "equip"),
        (90, 20),
    ),
    # `Jane Doe from finance says…`, `Jane Doe in accounting`, `Jane Doe (legal)`: a person by their department
    (
        "department",
        r"(?:^|(?<=[\s\"'`(]))"
        + _name("department")
        + r"[ \t]+(?i:from[ \t]+(?:the[ \t]+)?|\()(?i:"
        + _DEPARTMENTS
        + r")(?![\w-])",
        _DEPARTMENT_KEYWORDS,
        (90, 30),
    ),
    # `Jane Doe says the export…`, `Jane Doe asked for…`: a message that starts with who said or asked it
    (
        "reporter",
        r"(?m:^)[ \t]*[\"'`“]?" + _name("reporter") + r"[ \t]+(?:" + _REPORTING + r")\b",
        tuple(f" {verb}" for verb in _REPORTING.split("|")),
        (60, 20),
    ),
    # someone the author works with, in a sentence: `I'll pair with Jane Doe`, `envoie-le à Jane Doe`,
    # `pregúntale a Jane Doe` (not `thanks to …` nor `send it to …`: Claude thanks technologies and sends data to
    # services, `Type Hints`, `Stripe Checkout`, `San Francisco`)
    (
        "worked_with",
        r"(?i:\b(?:(?:I|I'll|I'm|we|we'll|we're|will|to)[ \t]+pair(?:ing|ed)?[ \t]+(?:up[ \t]+)?with|"
        # Spanish's personal `a` and French's `à` after a verb said to a person
        r"pregúntale[ \t]+a|escríbele[ \t]+a|envíale(?:lo|la)?[ \t]+a|dile[ \t]+a|écris(?:-lui)?[ \t]+à|"
        r"envoie(?:-le|-la|-les)?[ \t]+à))[ \t]+" + _name("worked_with"),
        ("pair", "pregúntale", "escríbele", "envíale", "dile", "écris", "envoie"),
        (30, 120),
    ),
    # `credited Jane Doe for the bug report`: a person thanked by name in a changelog or a reply
    (
        "credited",
        r"(?i:\b(?:credit(?:ed|ing)?|acknowledg(?:ed|ing)|kudos[ \t]+to|shout-?out[ \t]+to))[ \t]+"
        + _name("credited")
        + r"[ \t]+(?i:for|with|who)\b",
        ("credit", "acknowledg", "kudos", "shout"),
        (30, 120),
    ),
    # `Jane Doe's review`, `per Jane Doe's PR`: a person's work named by its owner
    (
        "possessive",
        r"(?:^|(?<=[\s\"'`(]))" + _name("possessive") + r"['’]s[ \t]+(?i:review|pr|pull[ \t]+request|branch|"
        r"comments?|feedback|suggestions?|fork|laptop|machine|patch|ticket|commit|changes|approval)\b",
        (
            "'s review",
            "'s pr",
            "'s pull",
            "'s branch",
            "'s comment",
            "'s feedback",
            "'s suggestion",
            "'s fork",
            "'s laptop",
            "'s machine",
            "'s patch",
            "'s ticket",
            "'s commit",
            "'s changes",
            "'s approval",
            "'s notes",
            "’s ",
        ),
        (70, 30),
    ),
    # (round fifteen) a calendar entry's people: iCalendar's `ORGANIZER;CN=Jane Doe:mailto:…`, `ATTENDEE;…;CN=…`
    (
        "ical",
        r"(?:ORGANIZER|ATTENDEE)[^:\n]{0,120}?;CN=\"?" + _name("ical") + r"\"?(?=[:;])",
        (";cn=",),
        (160, 80),
    ),
    # who owns a path or a service, in a CODEOWNERS comment, a runbook, a service catalogue: `# owner: Jane Doe`
    (
        "owner",
        r"(?i:\b(?:owner|owned by|point of contact|poc|dri|on-?call|contact person|tech lead|maintained by))"
        r"[ \t]*[:=-]?[ \t]+[\"']?" + _name("owner") + r"[\"']?[ \t]*(?:[,;(<]|$)",
        (
            "owner",
            "owned by",
            "point of contact",
            "poc",
            "dri",
            "oncall",
            "on-call",
            "contact person",
            "tech lead",
            "maintained by",
        ),
        (5, 120),
    ),
)
# A name in a package's metadata: `"author": "Jane Doe <…>"`, `"contributors": ["A B", "C D"]`,
# `authors = [{ name = "A B" }]`, `maintainer: A B`; and each entry of an AUTHORS or CONTRIBUTORS list.
_LISTED = (
    r"(?m)[\"'](?P<quoted>" + _name("q")[len("(?P<q>") : -1] + r")(?:[ \t]+<[^>\n]*>)?[\"']|"
    r"^[ \t]*(?:[-*+][ \t]+)?(?P<item>"
    + _name("i")[len("(?P<i>") : -1]
    + r")(?=[ \t]*(?:<[^>\n]*>|\(@?[\w.-]+\))?[ \t]*$)"
)
_METADATA_BEFORE = lazy(
    r"(?i)(?:(?:\b|_)authors?_*|\bcontributors|(?:\b|_)maintainers?_*|\bcreators?|(?:\b|_)credits_*)"
    r"[\"']?[ \t]*[:=][ \t]*"
    r"(?:\[[^\]]{0,600}?)?(?:\{[^}]{0,200}?(?:\bname[\"']?[ \t]*[:=][ \t]*))?$"
)
_LIST_HEADING = lazy(
    # (perhaps with how the list is ordered: `# Authors, in order of first contribution`, `Contributors (A–Z)`)
    # (round twenty-eight) and a meeting's or a change's people, a label over its list, in the languages of notes
    r"(?im)^[ \t]*#{0,4}[ \t]*(?:authors|contributors|maintainers|credits|people|acknowledge?ments|attendees|"
    r"participants|reviewers|approvers|assignees|teilnehmer(?:innen)?|participantes|asistentes|partecipanti|"
    r"deelnemers|deltagare|uczestnicy|účastníci|résztvevők|katılımcılar|osallistujat|deltakere|peserta|участники|"
    r"参会人员?|出席者|참석자)[ \t]*[:：]?"
    r"(?:[ \t]*(?:,|\(|[—–][ \t]|-[ \t])[^\n]{0,80})?[ \t]*$"
)
# Not a person: an assistant, a bot, a placeholder, an organisation.
_NOT_A_PERSON_REGEX = (
    r"(?i)^(?:claude|anthropic|copilot|github|gitlab|openai|codex|chatgpt|gpt|gemini|cursor|devin|aider|"
    r"generated|auto|automatic|automated|system|anonymous|various|tbd|todo|none|null|n/a|"
    # companies and their products, named where a person could be (`ask Stack Overflow`, `cc Google Docs`)
    r"google|microsoft|apple|amazon|aws|azure|meta|facebook|slack|stack|docker|visual|vs|jetbrains|atlassian|jira|"
    r"dependabot|renovate|bot|ci|jenkins|actions|your|my|the|name|full|first|user|username|author|someone|"
    r"unknown|nobody|root|admin|me|you|contributors|authors|maintainers|team)\b|\[bot\]|-bot$|\bbot$|"
    r"\b(?:inc|llc|ltd|gmbh|corp|corporation|foundation|authors|contributors|project|team|labs|technologies|"
    r"software|systems|ag|sa|bv|ab|oy|kk|pbc|limited|company|co|org|developers|community|engineering|devs|"
    r"platform|ops|devops|security|support|infra|infrastructure|research|studio|group|partners|service|services|"
    r"desk|helpdesk|center|centre|office|sales|hr|legal|finance|billing|admins|channel|bot|"
    # (round fourteen) the other words a company gives its teams: `Docs Guild`, `Platform Chapter`
    r"guild|chapter|tribe|squad|crew|circle|collective|council|committee|working[ \t]+group|"
    # (round twenty-three) a role account's display name (`QA Viewer`, `UAT Admin`, `SRE Operator`)
    r"viewer|editor|operator|tester|moderator|superuser|auditor|readonly|read-only|"
    # (round twenty-four) a pipeline, an environment or a group, named where a person could be (`Orchard CI`, `Orchard
    # Pay Sandbox`, `Security Champions`)
    r"ci|cd|sandbox|champions|reviewers|approvers|owners|"
    # (round twenty-four) a program that writes a file, named as its `@author` (`OpenAPI Generator`, `Swagger Codegen`)
    r"generator|codegen|converter|transpiler|compiler|scaffold(?:er|ing)?|importer|exporter|"
    # (round twenty-five) what a program sends or does, named as a sender or an author (`Release Automation`,
    # `Datadog Alerts`, `Billing Notifications`, `Uptime Monitoring`)
    r"automation|alerts?|alerting|notifications?|notifier|monitoring|monitor|scheduler|digest|newsletter|"
    # (round twenty-eight) what a Credits section lists besides people (`Lucide Icons`, `Noto Fonts`, `Dracula Theme`)
    r"icons|fonts|typefaces|emoji|themes?|illustrations|sprites|textures|sounds|templates|components|"
    r"maintainers|contributors|members|committers|"
    # (round thirty) what a project's publisher calls itself (`Tallyfin Open Source`, `Acme OSS`, `Kestrel Developers`)
    r"open[ \t-]?source|oss|opensource|association|society|institute|initiative|consortium|alliance|network|"
    r"solutions|consulting|industries|holdings|ventures|agency|"
    # (round thirty-three) a key named for what it signs, as a GPG uid or a keyring lists it (`Release Signing Key`,
    # `Debian Archive Automatic Signing Key`, `Package Signing`)
    r"(?:signing|release|releases|archive|repository|repo|package|packages|distribution|builds?|code|software|"
    r"master|backup|deploy|deployment|encryption|project|update|updates)[ \t]+key|signing|signer|"
    # (round twenty-three) a place's last word (`Victoria Falls`, `Salt Lake City`, `Palm Springs`)
    r"falls|city|beach|springs|heights|valley|bay|harbou?r|islands?|hills|creek|county)\b\.?$|"
    # (round twenty-three) a place's first word, a saint's or a harbour's (`Santa Cruz`, `Port Elizabeth`, `Fort
    # Collins`, `Puerto Vallarta`, `Cape Town`), and a test environment's or a team's capitals before a role (`QA`,
    # `UAT`, `E2E`, `SRE`)
    r"^(?:santa|san|santo|são|sao|saint|st|sainte|ste|sankt|port|porto|puerto|fort|mount|mt|lake|cape|cabo|ciudad|"
    r"isla|qa|uat|e2e|sre|staging|sandbox|"
    # (round twenty-eight) a team named in the other languages of notes (`Equipo Plataforma`, `Équipe Données`)
    r"equipo|equipa|équipe|equipe|squadra|zespół|zespol|команда|ekip|ekibi|grupo|gruppe|groupe|gruppo|grupa|"
    r"departamento|département|abteilung|reparto|dział)\b[ \t.]"
)


@lru_cache(maxsize=1)
def not_a_person(name: str) -> bool:
    """A name a program, a company, a team or a key goes by, never a person's (`Copilot`, `Orchard CI`)."""
    return _not_a_person().search(name) is not None


def _not_a_person() -> re.Pattern[str]:
    """Compiled on first use (~10 ms): only a text with a name's context asks."""
    return re.compile(_NOT_A_PERSON_REGEX)


# Words of a phrase, not of a name (`committed as Work In Progress`): a name told in a sentence has none.
_PHRASE_WORDS = words(
    """
    a an and as at by for from in into of on or the to with work progress draft fix fixes update updates release
    version feature bugfix hotfix merge initial commit change changes new old final temp test tests wip part
    i we you he she they it this that these please also yes no ok okay hi hello hey team said says asked told
    thinks wants will would can could should just not but so if when then there here about after before
    request requests report reports review reviews build builds log logs file files server error errors warning
    warnings issue issues bug bugs ticket tickets branch pipeline script scripts tool tools app engine docs readme
    changelog check checks alert alerts linter compiler monitor dashboard console output result results summary
    workflow action actions step stage task tasks service api sdk cli config settings schema query database cache
    queue worker cluster pod container image package module library plugin extension browser editor terminal shell
    scanner validator parser handler router controller job office hours meeting meetings standup sync call calls
    notes day days week weeks month sprint demo retro planning session sessions lunch
    cloud analyzer encrypt desktop hub lab labs pages workers functions kit toolkit framework runtime storage compute
    drive sheets mail maps studio code compose cli sdk pro plus enterprise edition mobile web online connect insights
    news design product products backlog grooming refinement operators operator marketplace registry network
    analytics monitoring logging
    """
)


# The shapes that find a name in a sentence rather than where a tool or a file writes one.
_IN_PROSE = frozenset(
    {
        "told",
        "signoff",
        "ical",
        "colleague",
        "teammate",
        "department",
        "reporter",
        "log_format",
        "chat",
        "addressed",
        "worked_with",
        "possessive",
        "owner",
        "credited",
    }
)


# The names documentation gives no one (`Jane Doe`, `Max Mustermann`, `Mario Rossi`, `Jan Kowalski`, `Joe
# Bloggs`, `Taro Yamada`): an example, as `example.com` is.
_PLACEHOLDER_PERSON = re.compile(
    r"(?i)^(?:(?:john|jane|janet|johnny|baby|richard|jane[ \t]+q\.?|john[ \t]+q\.?)[ \t]+(?:doe|roe)|"
    r"(?:max|erika|maxi|otto)[ \t]+(?:mustermann|musterfrau|normalverbraucher)|mario[ \t]+rossi|"
    r"jan[ \t]+(?:kowalski|jansen|modaal)|joe[ \t]+bloggs|fred[ \t]+bloggs|john[ \t]+q\.?[ \t]+public|"
    r"taro[ \t]+yamada|yamada[ \t]+taro|hanako[ \t]+yamada|ola[ \t]+nordmann|kari[ \t]+nordmann|"
    r"matti[ \t]+meikäläinen|jean[ \t]+dupont|juan[ \t]+p[ée]rez|fulano[ \t]+de[ \t]+tal|ivan[ \t]+ivanov|"
    r"test[ \t]+user|alice[ \t]+example|bob[ \t]+example|foo[ \t]+bar|"
    # (round fifteen) other countries' and vendors' stand-ins: Apple's `John Appleseed`, Australia's `John Citizen`,
    # the Philippines' `Juan dela Cruz`, Korea's `Hong Gildong`, China's `Zhang San` / `Li Si`
    r"(?:john|jane)[ \t]+(?:appleseed|citizen)|joe[ \t]+(?:schmoe|sixpack)|juan[ \t]+dela[ \t]+cruz|"
    r"hong[ \t]+gil-?dong|zhang[ \t]+san|li[ \t]+si|wang[ \t]+wu|"
    # (round twenty-six) the same stand-ins in their own scripts, and others' (a form's or a textbook's example):
    # Japan's `山田太郎`, China's `张三` / `李四`, Korea's `홍길동` / `김철수`,
    # Vietnam's `Nguyễn Văn A`, Sweden's `Sven Svensson`, Hungary's `Gipsz Jakab`
    r"山田[ \t\u3000]*(?:太郎|花子)|名無しの?権兵衛|[张張]三|李四|王五|[赵趙]六|홍[ \t]*길동|김[ \t]*철수|이[ \t]*영희|"
    r"nguy[eễ]n[ \t]+v[aă]n[ \t]+[a-c]|"
    r"sven[ \t]+svensson|gipsz[ \t]+jakab|"
    # (round twenty-seven) stand-ins that are no one's name: Lithuania's "Name Surname", Britain's `A. N. Other`
    # (`Jan Novák`, `Ion Popescu` are stand-ins too, but as many people's own names: a person's)
    r"vardenis[ \t]+pavardenis|a\.?[ \t]*n\.?[ \t]+other|"
    # and the public figures documentation and sample data borrow (`Ada Lovelace` in a doctest)
    r"ada[ \t]+lovelace|alan[ \t]+turing|grace[ \t]+hopper|nikola[ \t]+tesla|albert[ \t]+einstein|marie[ \t]+curie|"
    r"isaac[ \t]+newton|charles[ \t]+babbage|linus[ \t]+torvalds|guido[ \t]+van[ \t]+rossum|dennis[ \t]+ritchie|"
    r"ken[ \t]+thompson|edsger(?:[ \t]+w\.)?[ \t]+dijkstra|donald[ \t]+knuth|tim[ \t]+berners-lee|"
    r"margaret[ \t]+hamilton|john[ \t]+von[ \t]+neumann|claude[ \t]+shannon|barbara[ \t]+liskov|leslie[ \t]+lamport|"
    r"katherine[ \t]+johnson|hedy[ \t]+lamarr|richard[ \t]+feynman|carl[ \t]+sagan|sherlock[ \t]+holmes|"
    r"john[ \t]+watson|harry[ \t]+potter|don[ \t]+quijote|don[ \t]+quixote|rosalind[ \t]+franklin|"
    r"charles[ \t]+darwin|galileo[ \t]+galilei|jane[ \t]+austen|mary[ \t]+shelley|william[ \t]+shakespeare|"
    r"leonardo[ \t]+da[ \t]+vinci|ludwig[ \t]+van[ \t]+beethoven|wolfgang[ \t]+amadeus[ \t]+mozart|"
    r"steve[ \t]+jobs|bill[ \t]+gates|elon[ \t]+musk|mark[ \t]+zuckerberg|jeff[ \t]+bezos|larry[ \t]+page|"
    r"sergey[ \t]+brin|satya[ \t]+nadella|sundar[ \t]+pichai|sam[ \t]+altman|dario[ \t]+amodei|"
    r"martin[ \t]+fowler|kent[ \t]+beck|robert[ \t]+c\.?[ \t]+martin|melvin[ \t]+conway|"
    r"abraham[ \t]+lincoln|george[ \t]+washington|nelson[ \t]+mandela|mahatma[ \t]+gandhi|"
    r"martin[ \t]+luther[ \t]+king|emmy[ \t]+noether|john[ \t]+mccarthy|niklaus[ \t]+wirth|"
    # (round twenty-three) brands and firms named for their founders: a shop, a label or a bank in seed data,
    # not a person (`Tim Hortons`, `Levi Strauss`, `Dr. Martens`)
    r"tim[ \t]+hortons|levi[ \t]+strauss|dr\.?[ \t]+(?:martens|pepper|oetker|scholl)|ralph[ \t]+lauren|"
    r"calvin[ \t]+klein|tommy[ \t]+hilfiger|hugo[ \t]+boss|tom[ \t]+ford|ted[ \t]+baker|paul[ \t]+smith|"
    r"fred[ \t]+perry|ben[ \t]+sherman|jimmy[ \t]+choo|louis[ \t]+vuitton|christian[ \t]+dior|"
    r"giorgio[ \t]+armani|est[ée]e[ \t]+lauder|marc[ \t]+jacobs|kate[ \t]+spade|michael[ \t]+kors|"
    r"tory[ \t]+burch|vera[ \t]+wang|coco[ \t]+chanel|yves[ \t]+saint[ \t]+laurent|carolina[ \t]+herrera|"
    r"stella[ \t]+mccartney|steve[ \t]+madden|kenneth[ \t]+cole|anne[ \t]+klein|johnnie[ \t]+walker|"
    r"jack[ \t]+daniel['’]?s|jim[ \t]+beam|john[ \t]+deere|walt[ \t]+disney|charles[ \t]+schwab|"
    r"morgan[ \t]+stanley|goldman[ \t]+sachs|merrill[ \t]+lynch|dow[ \t]+jones|harley[ \t]+davidson|"
    r"rolls[ \t-]+royce|aston[ \t]+martin|alfa[ \t]+romeo|betty[ \t]+crocker|ben[ \t]+&[ \t]+jerry['’]?s|"
    r"marks[ \t]+(?:&|and)[ \t]+spencer|papa[ \t]+john['’]?s|jack[ \t]+wolfskin|"
    # (round twenty-three) the stand-ins of other countries written in their own script (`Иван Иванов`,
    # `Вася Пупкин`, Israel's `ישראל ישראלי`, Arabic's `فلان الفلاني`), and a name made with the words Spanish and
    # Portuguese say for "so-and-so" (`Fulano de Tal`, `Fulana da Silva`, `Mengano Pérez`)
    r"иван(?:[ \t]+иванович)?[ \t]+иванов|иванов[ \t]+иван(?:[ \t]+иванович)?|вася[ \t]+пупкин|"
    r"пётр[ \t]+петров|петр[ \t]+петров|іван[ \t]+іваненко|ישראל[ \t]+ישראלי|فلان[ \t]+(?:ال)?فلان[يی]|"
    r"(?:fulan[oa]|mengan[oa]|zutan[oa]|sicran[oa]|beltran[oa]|perengan[oa])\b.*|"
    r".*\b(?:fulan[oa]|mengan[oa]|zutan[oa]|sicran[oa]|beltran[oa])|.*[ \t]de[ \t]+tal)$|"
    r"^(?:张三|李四|王五|山田太郎|山田花子|홍길동)$"
)


def brand_of_domain(display: str, domain: str) -> bool:
    """(round twenty-four) `"Lumen Cart <no-reply@lumencart.io>"`, `Orchard CI <ci@orchard.dev>`: a display name
    whose words spell the address's domain (or whose first word is one of its labels) is the company's, where the
    gazetteer knows no given name first (`Jan Novák <jan@jannovak.cz>` stays a person's)."""
    words_ = display.split()
    if not words_ or not words_[0][:1].isupper():
        return False  # `kumo-labs <ops@kumo-labs.jp>`: an account's handle, not a company's written name
    labels = [label.lower() for label in domain.split(".")[:-1]]
    # (round twenty-five) a label's words joined by a hyphen (`tallow-works.io`) spell the name too
    labels += [label.replace("-", "") for label in labels] + [w for label in labels for w in label.split("-")]
    spelled = re.sub(r"\W", "", display).lower()
    if spelled not in labels and words_[0].lower() not in labels:
        return False
    given, _family = gazetteer()
    return words_[0] not in given


def _the_mailboxs_own_brand(value: str, m: re.Match[str]) -> bool:
    address = re.search(r"@([^<>\s]+)>", m.group(0))
    return address is not None and brand_of_domain(value, address.group(1))


def _a_desks_mailbox(m: re.Match[str]) -> bool:
    """(round twenty-five) `Sentry <noreply@…>`, `"Datadog Alerts" <alert@…>`: a name over a desk's, a bot's or a
    no-reply address is the sender's, a program or a company (only the address's own part is asked: a person's
    name over `…@users.noreply.github.com` or `…@example.com` stays a person's)."""
    address = re.search(r"<([^<>@\s]+)@[^<>\s]+>", m.group(0))
    return address is not None and _NON_PERSONAL_EMAIL.search(address.group(1) + "@x.zz") is not None


# (round thirty-two) a mailbox right after the name, inside the same field (`"author": "Tallow Works
# <hello@tallow-works.io>"`, `maintainer = "Orchard CI <ci@orchard.dev>"`)
_MAILBOX_AFTER = lazy(r"[ \t]*<(?P<local>[^<>@\s]+)@(?P<domain>[^<>\s]+)>")


def _over_a_companys_mailbox(value: str, m: re.Match[str]) -> bool:
    """(round thirty-two) A name in any field (a package's author, a list's item) over its own brand's mailbox or a
    desk's is the company's, as it is in a mail header."""
    at = m.string.find(value, m.start())
    mailbox = _MAILBOX_AFTER.match(m.string, at + len(value)) if at >= 0 else None
    if mailbox is None:
        return False
    return (
        brand_of_domain(value, mailbox.group("domain"))
        or _NON_PERSONAL_EMAIL.search(mailbox.group("local") + "@x.zz") is not None
    )


# (round thirty) an address at a domain documentation reserves (RFC 2606's `example.com`, `.test`, `.invalid`, and
# the example domains of other languages): the row or the line it is on is sample data, its people stand-ins
# (`John Smith,john@example.com` beside `Jane Doe,jane@example.com`). Not a mailbox's `<address>`: a name over it
# (`From: Lerato Mokoena <lerato@corp.example>`, a trailer) is written as a person's own, and stays one.
_SAMPLE_ADDRESS = lazy(
    r"(?i)(?<!<)(?<![\w.+-])[\w.+-]+@(?:[\w-]+\.)*(?:(?:example|beispiel|exemple|ejemplo|esempio|exemplo|voorbeeld|exempel|eksempel|"
    r"przyklad)\.[a-z]{2,3}(?:\.[a-z]{2})?|[\w-]+\.(?:test|invalid|example|localhost))(?![\w.-]*[\w-])"
)


# (round thirty) the organisation a record names (`<organization>Tallyfin</organization>`, `"company": "Tallyfin"`)
_ORGANISATION_FIELD = lazy(
    r"(?i)<(?:organi[sz]ation|company|vendor)>[ \t]*(?P<x>[^<\n]{2,60})<|"
    r"[\"']?\b(?:organi[sz]ation|company|vendor|org)[\"']?[ \t]*[:=][ \t]*[\"']?(?P<y>[^\"'\n,}]{2,60})"
)


# (round thirty) the author of a published work, named as its author (`the Requests library by Kenneth Reitz`, `the
# paper by Leslie Lamport`, `"Designing Data-Intensive Applications" by Martin Kleppmann`, `Martin Fowler's book`):
# public credit, not a colleague's name (`the refactor by …`, `committed by …`, `…'s review` stay a person's)
_WORK = (
    r"librar(?:y|ies)|package|crate|gem|framework|paper|papers|book|books|article|essay|talk|keynote|blog|tutorial|"
    r"course|thesis|rfc|font|typeface|algorithm|textbook|lecture|screencast|podcast"
)
_A_WORKS_AUTHOR_BEFORE = lazy(
    rf"(?i)(?:\b(?:{_WORK})(?:[ \t]+[\w.-]+)?|[\"”'’»`][ \t]*)[ \t]*(?:,[ \t]*)?(?:(?:written|authored|created|"
    r"maintained|published)[ \t]+)?by[ \t]+$"
)
_A_WORKS_AUTHOR_AFTER = lazy(rf"(?i)['’]s[ \t]+(?:[\w-]+[ \t]+){{0,2}}?(?:{_WORK})\b|[ \t]+et[ \t]+al\b")


def a_works_author(text: str, start: int, end: int) -> bool:
    return bool(
        _A_WORKS_AUTHOR_BEFORE.search(text, max(0, start - 60), start)
        or _A_WORKS_AUTHOR_AFTER.match(text, end, min(len(text), end + 40))
    )


def names_its_organisation(text: str, start: int, end: int) -> bool:
    """A name whose first word is the organisation's its record names (`Tallyfin Open Source`, `Tallyfin Dev` beside
    `<organization>Tallyfin</organization>`): the organisation's own, not a person's."""
    if not re.search(r"(?i)organi[sz]ation|company|vendor|org\b", text):
        return False
    first = text[start:end].split()[0].casefold() if text[start:end].split() else ""
    for field in _ORGANISATION_FIELD.finditer(text, max(0, start - 300), min(len(text), end + 300)):
        words_ = (field.group("x") or field.group("y") or "").split()
        # (its name one word, a brand's: `Mensah Logistics` may be Kofi Mensah's family's firm)
        if len(words_) == 1 and words_[0].casefold().strip(".,") == first:
            return True
    return False


_FIELD_LINE = lazy(r"[ \t]*(?:-[ \t]+)?[\"']?[\w.-]+[\"']?[ \t]*[:=]")
_ITEM_START = lazy(r"[ \t]*-[ \t]")


def on_a_sample_line(text: str, start: int, end: int) -> bool:
    """The line of `text[start:end]` holds an address at a domain documentation reserves; for a record's field
    (`- name: …` over `email: …`), the record's lines around it (three each way, up to a blank line)."""
    if "@" not in text:
        return False
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = line_end if line_end >= 0 else len(text)
    if _SAMPLE_ADDRESS.search(text, line_start, line_end):
        return True
    if not _FIELD_LINE.match(text, line_start):
        return False
    block_start, block_end = line_start, line_end
    for _ in range(3):  # (not past the start of its own list item: `- name:`)
        above = text.rfind("\n", 0, max(0, block_start - 1)) + 1
        if block_start == 0 or _ITEM_START.match(text, block_start) or not text[above : block_start - 1].strip():
            break
        block_start = above
    for _ in range(3):  # (not into the next item)
        below = text.find("\n", block_end + 1)
        below = below if below >= 0 else len(text)
        line = text[block_end + 1 : below]
        if block_end >= len(text) or not line.strip() or _ITEM_START.match(line) or "{" in line:
            break
        block_end = below
    return _SAMPLE_ADDRESS.search(text, block_start, block_end) is not None


def _person(value: str, m: re.Match[str]) -> bool:
    if len(value) < 2 or _not_a_person().search(value) or value.isupper():
        return False
    if m.lastgroup == "mailbox" and (_the_mailboxs_own_brand(value, m) or _a_desks_mailbox(m)):
        return False
    if m.lastgroup != "mailbox" and _over_a_companys_mailbox(value, m):
        return False
    first, last = (re.sub(r"^[a-z]{1,3}[-'’]", "", w) for w in (value.split()[0], value.split()[-1]))
    if first[:1].islower() or last[:1].islower():
        return False  # (round eighteen) a small letter of a cased script (`команда поддержки`), not a name's capital
    if _PLACEHOLDER_PERSON.match(value.strip().rstrip(".")):
        return False
    if m.lastgroup in _IN_PROSE and any(w.lower() in _PHRASE_WORDS for w in value.split()):
        return False
    if m.lastgroup in _IN_PROSE and re.search(r"['’][a-z]", value):
        return False  # `Let's Encrypt`: a contraction is a phrase's, never a name's (`O'Brien`, `d'Alembert`)
    if m.lastgroup in _IN_PROSE and re.search(r"[A-Za-z]", value):
        # prose capitalises more than names: a Latin-script name told in a sentence is a first name and a
        # surname, each written as a name is (`Kofi Mensah`, not `Kofi`, `Release Notes` or `CTO Office`)
        names = value.split()
        if len(names) < 2 or any(w.rstrip(".").isupper() and len(w.rstrip(".")) > 1 for w in names):
            return False
    # one Latin word is a handle or a company (`Google`), not a person's full name
    return not (
        m.lastgroup
        in (
            "copyright",
            "copyright_first",
            "shortlog",
            "shortlog_spaced",
            "blame",
            "told",
            "porcelain",
            "config_read",
            "field",
            "csv",
        )
        and " " not in value
        and value.isascii()
    )


_CAPITALISED = r"[^\W\d_a-z][\w'’\u0300-\u036f-]+"


def _inverted_person(value: str, m: re.Match[str]) -> bool:
    """`Faleolo, Tavita` or `FALEOLO Tavita` in a person's field: the family name first, set apart by a comma or
    written in capitals; the given names capitalised. Not words of a dictionary alone (`Support, Customer`), nor a
    name documentation gives no one."""
    if "," in value:
        family_part, given_part = (p.strip() for p in value.split(",", 1))
    else:
        family_part, given_part = value.split(None, 1)
        if not (family_part.isupper() and len(family_part) >= 2):
            return False  # `Tavita Faleolo` is the other shapes' (a given name first)
    given_words = given_part.split()
    if not given_words or any(not w[0].isupper() or w.isupper() for w in given_words):
        return False
    family_word = family_part.title() if family_part.isupper() else family_part
    plain = " ".join([*given_words, family_word])
    if _not_a_person().search(plain) or _PLACEHOLDER_PERSON.match(plain) or _not_a_person().search(value):
        return False
    if any(w.lower() in _PHRASE_WORDS for w in [*given_words, family_word]):
        return False
    given, family = gazetteer()
    known = given_words[0] in given or family_word in family
    return known or not all(english_word(w.lower()) for w in [*given_words, family_word])


def _looks_like_a_persons(value: str) -> bool:
    """(round twenty-eight) An item of a people's list is read on its own words: a Credits section lists fonts, icon
    sets and libraries too (`Font Awesome`, `Material Design Icons`), a team's list its groups. Not a phrase's words;
    a word the gazetteer knows as a given name, a letter outside ASCII, or a word no English dictionary has (`Okafor`)
    says a name's."""
    names = value.split()
    if any(w.lower() in _PHRASE_WORDS or w.lower() in _SECTION_WORDS for w in names):
        return False
    given, _family = gazetteer()
    if not value.isascii() or any(w in given for w in names):
        return True
    return not all(english_word(w.lower().rstrip(".")) for w in names)


def _sole_item(lines_before: list[str], m: re.Match[str]) -> bool:
    """A list of one (`# Authors` over a single name, an AUTHORS file of one person): the heading right above
    the line, blank lines apart, and nothing after it but blank lines or the next heading."""
    above = [line for line in lines_before[:-1] if line.strip()]
    if not above or not _LIST_HEADING.match(above[-1]):
        return False
    after = m.string[m.end() :].lstrip(" \t\r\n")
    if after and not after.startswith("#"):
        return False
    # (a lone line there may be a section's text: `Pull Requests`, `Contributing Guide`)
    value = m.group(m.lastgroup or 0)
    lowered = [w.lower() for w in value.split()]
    return len(lowered) >= 2 and not any(w in _PHRASE_WORDS or w in _SECTION_WORDS for w in lowered)


# what a README's Authors or Credits section says instead of naming anyone (`Open Source`, `Core Team`)
_SECTION_WORDS = words("open source guide contributing contributors team core community everyone thanks special see")


def _listed_person(value: str, m: re.Match[str]) -> bool:
    if " " not in value.strip() and value.isascii():
        return False  # a package's author field often holds a handle
    if not _person(value, m):
        return False
    before = m.string[max(0, m.start() - 800) : m.start()]
    if m.group("quoted") is not None:
        return _METADATA_BEFORE.search(before) is not None
    # a list item: the lines above it, up to a heading (`## Authors`, `AUTHORS` over `=====`), are items too
    lines = before.split("\n")
    # (round twenty-eight) the item's own bullet, which the match holds (it starts at the line): a bulleted item under
    # the heading is one whatever its neighbours are (`- Elif Karaca` over `- renovate[bot]`)
    bulleted = re.match(r"[ \t]*[-*+][ \t]", m.group(0)) is not None
    if not _looks_like_a_persons(value):
        return False
    if not bulleted:
        # a bare line is a name in a list when it says whose address it is, or a name line is beside it
        line_end = m.string.find("\n", m.end())
        rest = m.string[m.end() : line_end if line_end >= 0 else len(m.string)]
        after = m.string[line_end + 1 :].split("\n", 1)[0] if line_end >= 0 else ""
        beside = [lines[-2] if len(lines) > 1 else "", after]
        if not rest.strip() and not any(_NAME_LINE.match(line) for line in beside) and not _sole_item(lines, m):
            return False
    for line in reversed(lines[:-1]):
        if _LIST_HEADING.match(line):
            return True
        if not line.strip() or re.match(r"[ \t]*(?:[-*+][ \t]+|[=-]{3,}[ \t]*$)", line) or _NAME_LINE.match(line):
            continue
        return False
    return False


# A table's column that holds people's names (a CSV export, a fixture): its header names it so.
_NAME_COLUMN = lazy(
    r"(?i)^[\"']?(?:(?:full|display|customer|contact|author|owner|person|employee|member|patient|client|user|"
    r"account|holder)[ _-]?name|name|nome|full[ _-]?name|customer|contact|author|owner|assignee|reporter|person|"
    # (round fifteen) a role only a person holds
    r"reviewer|approver|requester|organi[sz]er|on[ _-]?call|primary|secondary)[\"']?$"
)


_PEOPLE_COLUMN = lazy(r"e-?mail|phone|mobile|address|birth|dob|surname|first[ _-]?name|last[ _-]?name")


# (round eighteen) a column that holds a part of a person's name, in the languages authors write in: one word there
# is a name when the gazetteer knows it (`first_name,last_name` over `Ayşe,Demir`)
_NAME_PART_COLUMN = lazy(
    r"(?i)^[\"']?(?:(?:first|last|given|family|middle|fore|sur)[ _-]?name|surname|forename|vorname|nachname|"
    r"pr[ée]nom|nom[ _-]?de[ _-]?famille|nombre|apellidos?|primer[ _-]?apellido|cognome|sobrenome|imi[eę]|nazwisko|"
    r"voornaam|achternaam|f[oö]rnamn|efternamn|fornavn|etternavn|etunimi|sukunimi|"
    # (round twenty-seven) and in the other languages of a form: Czech, Slovak, Lithuanian, the South Slavic ones,
    # Russian and Ukrainian, Turkish, Hungarian, Indonesian and Malay, Romanian, Greek, Vietnamese, Chinese,
    # Japanese, Korean
    r"jm[ée]no|p[rř][ií]jmen[ií]|vardas|pavard[eė]|prezime|имя|фамилия|отчество|ім['’]я|прізвище|по[ _-]?батькові|"
    r"ime|nume|soyad[ıi]?|keresztn[eé]v|vezet[eé]kn[eé]v|nama[ _-]?depan|nama[ _-]?belakang|prenume|"
    r"ονομα|όνομα|επώνυμο|"
    r"tên|họ|姓|名|姓氏|名字|氏|이름|성)[\"']?$"
)
_NAME_PART_KEYWORDS = (
    "first",
    "last",
    "given",
    "family",
    "surname",
    "forename",
    "vorname",
    "nachname",
    "nom",
    "apellido",
    "cognome",
    "nazwisko",
    "imi",
    "naam",
    "namn",
    "navn",
    "nimi",
    "nome",
    "jméno",
    "jmeno",
    "příjmení",
    "prijmeni",
    "vardas",
    "pavard",
    "ime,",
    "nume",
    "prezime",
    "имя",
    "фамилия",
    "ім",
    "прізвище",
    "soyad",
    "név",
    "nev,",
    "nama",
    "prenume",
    "όνομα",
    "ονομα",
    "επώνυμο",
    "tên",
    "họ",
    "姓",
    "名",
    "氏",
    "이름",
    "성,",
)


def _cell(field: str) -> str:
    """A table's cell as written, without its quotes, nor a diff's mark on a line's first cell (`+nome`,
    `-Mario`): a table the session wrote is shown in a diff too."""
    return _DIFF_MARK.sub("", field.strip()).strip().strip("\"'")


_DIFF_MARK = lazy(r"^[+-](?=[\"'\w])")


def _beside_a_known_part(value: str, parts: list[str]) -> bool:
    """(round twenty-seven) A part of a row's name the gazetteer lacks (`Bianchetti`) beside one it knows
    (`Giulia`): one word written as a name is, in no English dictionary."""
    word = value.strip().strip("\"'")
    if " " in word or len(word) < 2 or word.isupper() or not word[0].isupper() or english_word(word.lower()):
        return False
    given, family = gazetteer()
    return any(p != word and (p in given or p in family) for p in parts)


def _names_column(header: str) -> bool:
    """A column holding a name or a part of one (`first_name`, `cognome`), or a bare name (`name`, `nome`)."""
    return _NAME_PART_COLUMN.match(header) is not None or _NAME_COLUMN.match(header) is not None


def _name_part(value: str, m: re.Match[str]) -> bool:
    word = value.strip().strip("\"'")
    if " " in word or len(word) < 2 or word.isupper() or not word[0].isupper():
        return _person(value, m)
    given, family = gazetteer()
    return word in given or word in family or _person(value, m)


def _csv_person(value: str, m: re.Match[str]) -> bool:
    """A field of a comma- or tab-separated table under a header that says the column holds names."""
    text = m.string
    line_start = text.rfind("\n", 0, m.start()) + 1
    sep = "\t" if "\t" in text[line_start : m.start()] or text[m.end() : m.end() + 1] == "\t" else ","
    column = text.count(sep, line_start, m.start())
    # the header: the first line of the block of lines that hold the separator
    header_end = line_start - 1
    header_start = line_start
    while header_end > 0:
        previous_start = text.rfind("\n", 0, header_end) + 1
        if sep not in text[previous_start:header_end]:
            break
        header_start, header_end = previous_start, previous_start - 1
    if header_start == line_start:
        return False  # the header itself
    header = [_cell(field).lower() for field in text[header_start : text.find("\n", header_start)].split(sep)]
    # (round twenty-seven) a bare name's column beside a part's (`nome,cognome`) holds the other part
    parted = any(_NAME_PART_COLUMN.match(h) for h in header)
    if column < len(header) and (_NAME_PART_COLUMN.match(header[column]) or (parted and _names_column(header[column]))):
        # the row's whole name decides whether it is documentation's (`John,Doe`, `Max,Mustermann`)
        line_end = text.find("\n", m.end())
        row = text[line_start : line_end if line_end >= 0 else len(text)].split(sep)
        # (round twenty-seven) with a bare name's column too: `nome,cognome` holds the given name under `nome`
        parts = [_cell(f) for f, h in zip(row, header, strict=False) if _names_column(h)]
        if any(_PLACEHOLDER_PERSON.match(" ".join(order)) for order in (parts, parts[::-1])):
            return False
        return _name_part(value, m) or _beside_a_known_part(value, parts)
    if column >= len(header) or not _NAME_COLUMN.match(header[column]) or not _person(value, m):
        return False
    # a bare `name` column is a person's only beside what else a table of people holds (`id,name,price` is
    # a product's)
    return header[column] not in ("name", "nome") or any(
        _PEOPLE_COLUMN.search(field) or _NAME_PART_COLUMN.match(field) for field in header
    )


# (round eighteen) A cell of a table drawn with pipes (psql's output, a Markdown table) under a header that says the
# column holds names or a part of one (`first_name`, `full_name`, `customer`): read as a comma-separated table is.
_TABLE_RULE = lazy(r"[ \t]*[-+|:=]+[ \t\-+|:=]*")


def _pipe_person(value: str, m: re.Match[str]) -> bool:
    text = m.string
    line_start = text.rfind("\n", 0, m.start()) + 1
    column = text.count("|", line_start, m.start())
    header_line = None
    head = line_start
    for _ in range(400):  # (the block of table lines above: its first line that is no rule is the header)
        if head <= 0:
            break
        above = text.rfind("\n", 0, head - 1) + 1
        line = text[above : head - 1]
        if _TABLE_RULE.fullmatch(line):
            head = above
            continue
        if "|" not in line:
            break
        header_line, head = line, above
    if header_line is None:
        return False
    header = [cell.strip().strip("\"'").lower() for cell in header_line.split("|")]
    if column >= len(header):
        return False
    row_end = text.find("\n", m.end())
    row = text[line_start : row_end if row_end >= 0 else len(text)].split("|")
    if _NAME_PART_COLUMN.match(header[column]):
        parts = [c.strip() for c, h in zip(row, header, strict=False) if _names_column(h)]
        if any(_PLACEHOLDER_PERSON.match(" ".join(order)) for order in (parts, parts[::-1])):
            return False
        return _name_part(value, m)
    if not _NAME_COLUMN.match(header[column]) or (" " not in value.strip() and value.isascii()):
        return False
    return _person(value, m) and (header[column] != "name" or any(_PEOPLE_COLUMN.search(h) for h in header))


_RECORD_OF_A_PERSON = lazy(r"(?i)[\"']?(?:e-?mail|phone|mobile|address|birth|dob|surname)[\"']?[ \t]*[:=]")


_STAFF_FIELDS = lazy(
    r"(?i)(?<![\w-])[\"']?(?:slack|github|gitlab|pronouns|department|dept|job[_-]?title|manager|reports[_-]?to|"
    r"employee[_-]?id|hire[_-]?date|start[_-]?date)[\"']?[ \t]*[:=]"
)


def _record_person(value: str, m: re.Match[str]) -> bool:
    """A record's bare `name` is a person's where the same record holds what a person's does (an email, a
    phone, a birth date): `{"name": "Jane Doe", "email": …}`; `{"name": "billing-api", "port": …}` is not."""
    if " " not in value.strip() or not _person(value, m):
        return False
    text = m.string
    start = max(text.rfind("{", 0, m.start()), text.rfind("\n\n", 0, m.start()), m.start() - 300)
    close = text.find("}", m.end())
    end = min(close if close >= 0 else len(text), m.end() + 300)
    fields = [f.group(0) for f in _RECORD_OF_A_PERSON.finditer(text, max(0, start), end)]
    if not fields and _STAFF_FIELDS.search(text, max(0, start), end):
        # (round twenty-one) a staff directory's fields (`slack:`, `department:`, `job_title:`) say a person's record,
        # where the name is not a dictionary's words (`Data Lake` under `department:` is a thing's)
        given, family = gazetteer()
        names = value.split()
        return (names[0] in given and names[-1] in family) or not all(english_word(w.lower()) for w in names)
    if _SAMPLE_ADDRESS.search(text, max(0, start), end):
        return False  # (round thirty) a record of sample data: its address at `example.com`
    if fields and all(re.match(r"(?i)[\"']?e-?mail", f) for f in fields):
        # (round eighteen) only an email says so: a person's, not a role's or a team's (`releases@`, `support@`)
        addresses = re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", text[max(0, start) : end])
        return any(not _NON_PERSONAL_EMAIL.search(a) for a in addresses)
    return bool(fields)


# a line of an AUTHORS file: a name, perhaps its address or handle
_NAME_LINE = lazy(
    r"^[ \t]*(?:[-*+][ \t]+)?" + _name("n")[len("(?P<n>") : -1] + r"[ \t]*(?:<[^>\n]*>|\(@?[\w.-]+\))?[ \t]*$"
)


# (round twenty-four) A cloud's name for a machine that spells its private address (AWS's `ip-10-20-3-44`, with its
# `.us-west-2.compute.internal` or `.ec2.internal` or none), wherever it is written: after `node/` in kubectl's
# events, alone in `hostname`'s output.
_PRIVATE_HOST_LABEL = (
    rf"(?i)(?<![\w.-])ip-(?:10(?:-{_OCTET}){{3}}|172-(?:1[6-9]|2\d|3[01])(?:-{_OCTET}){{2}}|192-168(?:-{_OCTET}){{2}})"
    rf"(?:\.{_LABEL})*(?![\w-])"
)


PERSONAL_RULES: tuple[Rule, ...] = (
    Rule(
        "private-ip",
        PII,
        rf"(?<![\w.])(?:{_PRIVATE_V4})(?![\w]|\.\d)|(?i:(?<![\w:])(?:{_PRIVATE_V6})(?![\w:]))",
        ("10.", "172.1", "172.2", "172.3", "192.168.", "100.", "fc", "fd"),
        accept=_private_ip,
        replacement="[REDACTED:private-ip]",
    ),
    Rule(
        "internal-host",
        PII,
        _INTERNAL_HOST,
        ("internal", "intranet", "intra", "corp", ".lan", "localdomain", "home.arpa", ".priv", ".local", ".int."),
        accept=_internal_host,
        replacement="[REDACTED:internal-host]",
    ),
    Rule(
        "internal-host",
        PII,
        _PRIVATE_HOST_LABEL,
        ("ip-1",),
        accept=lambda value, m: value.split(".")[0][3:].replace("-", ".") not in _EVERYONES,
        replacement="[REDACTED:internal-host]",
        rule_id="private-address-host-name",
    ),
    Rule(
        "internal-host",
        PII,
        _PERSONAL_DEVICE_HOST,
        ("-macbook", "-imac", "-mac-", "-mbp", "-mba", "-laptop", "-notebook", "-thinkpad", "-iphone", "-ipad"),
        replacement="[REDACTED:internal-host]",
        rule_id="personal-device-host",
    ),
    Rule("phone-number", PII, _PHONE_INTL, ("+",), accept=_phone, replacement="[REDACTED:phone-number]"),
    Rule(
        "phone-number",
        PII,
        _PHONE_NANP,
        (*(f"{d}{sep}" for d in "0123456789" for sep in "-. "), ")"),
        accept=_nanp_phone,
        replacement="[REDACTED:phone-number]",
        rule_id="nanp-phone",
        prefilter=r"\d\d\d[ .-]\d\d\d\d",
    ),
    Rule(
        "phone-number",
        PII,
        _PHONE_NATIONAL,
        (*(f"{d}{sep}" for d in "0123456789" for sep in "-. /"), ")"),
        accept=_national_phone,
        replacement="[REDACTED:phone-number]",
        rule_id="national-phone",
        prefilter=r"\d\d(?:[ \t]?[/-][ \t]?|[ .])\d\d|\d\d\)[ \t]?\d\d",
    ),
    Rule(
        "phone-number",
        PII,
        _PHONE_SAID,
        (
            "phone",
            "tel",
            "mobile",
            "cell",
            "fax",
            "whatsapp",
            "wa.me",
            "viber",
            "signal",
            "sms",
            "text me",
            "call me",
            "ring me",
            "contact",
            "handy",
            "mobil",
            "mob",
            "tlf",
            "tfn",
            "puh",
            "bel me",
            "bellen",
            "llám",
            "llamar",
            "appel",
            "ruf mich",
            "anrufen",
            "gọi",
            "liên hệ",
            "nummer",
            "numéro",
            "número",
            "contacto",
            "portable",
            "móvil",
            "movil",
            "celular",
            "telefoon",
            "numer",
            "điện thoại",
            "dien thoai",
            "sđt",
            "sdt",
            "номер",
            "телефон",
            "тел",
            "моб",
            "сот",
            "мобіл",
            "číslo",
            "puhelin",
            "simu",
            "電話",
            "电话",
            "携帯",
            "手机",
            "手機",
            "联系",
            "聯絡",
            "連絡先",
            "번호",
            "전화",
            "휴대폰",
            "เบอร์",
            "โทร",
            "มือถือ",
            "फ़ोन",
            "फोन",
            "मोबाइल",
            "नंबर",
            "هاتف",
            "جوال",
            "موبايل",
            "تلفن",
            "شماره",
            "טלפון",
            "נייד",
            "τηλέφωνο",
            "τηλ",
            "κινητό",
            "cep",
            "numaram",
            "nomor hp",
            "nomor telepon",
            "no hp",
            "telepon",
            "telp",
            "hotline",
            "helpline",
            "support line",
            "direct line",
            "landline",
            "toll",
        ),
        group="near",
        accept=_said_phone,
        replacement="[REDACTED:phone-number]",
        rule_id="said-phone",
        window=(40, 120),
    ),
    *(
        Rule(
            "person-name",
            PII,
            "(?m)" + regex,
            keywords,
            group=group,
            accept=_person,
            replacement="[REDACTED:person-name]",
            rule_id=f"{group}-name",
            window=window,
        )
        for group, regex, keywords, window in _PERSON_SHAPES
    ),
    Rule(
        "person-name",
        PII,
        r"(?m)(?:^|(?<=[,\t]))[\"']?" + _name("csv") + r"[\"']?(?=[,\t]|\r?$)",
        (
            "name,",
            ",name",
            "name\t",
            "\tname",
            "customer,",
            "contact,",
            "author,",
            "owner,",
            "person,",
            "reviewer",
            "approver",
            "requester",
            "organizer",
            "organiser",
            *_NAME_PART_KEYWORDS,
        ),
        group="csv",
        accept=_csv_person,
        replacement="[REDACTED:person-name]",
        rule_id="table-name",
        window=(0, 20000),
    ),
    Rule(
        "person-name",
        PII,
        r"(?m)(?<=\|)[ \t]*" + _name("pipe") + r"[ \t]*(?=\||\r?$)",
        ("name", "customer", "author", "owner", "assignee", "reporter", "contact", *_NAME_PART_KEYWORDS),
        group="pipe",
        accept=_pipe_person,
        replacement="[REDACTED:person-name]",
        rule_id="pipe-table-name",
        window=(0, 20000),
    ),
    Rule(
        "person-name",
        PII,
        # (round eighteen: also unquoted to the line's end, as YAML writes it: `- name: Oksana Melnyk` over `email: …`)
        r"(?m)(?<![\w-])[\"']?name[\"']?[ \t]*[:=][ \t]*[\"']?" + _name("record") + r"(?:[\"']|[ \t]*\r?$)",
        ("name",),
        group="record",
        accept=_record_person,
        replacement="[REDACTED:person-name]",
        rule_id="record-name",
        window=(5, 120),
        gate=r"""[\"']?[ \t]*[:=][ \t]*[\"']?\S""",
    ),
    # (round twenty-one) a person's field holding the name family name first, as directories write it: `"owner":
    # "Faleolo, Tavita"`, `assignee: FALEOLO Tavita`
    Rule(
        "person-name",
        PII,
        r"(?m)(?<![\w-])[\"']?(?i:(?:full|display|contact|author|employee|customer)[_-]?name|owner|assignee|reviewer|"
        r"approver|reporter|contact|author|maintainer|on[_-]?call|primary|secondary|lead|manager)[\"']?[ \t]*[:=][ \t]*"
        r"[\"']?(?P<inverted>"
        + _CAPITALISED
        + r"(?:[ \t]+"
        + _CAPITALISED
        + r")?,[ \t]+"
        + _CAPITALISED
        + r"(?:[ \t]+"
        + _CAPITALISED
        + r")?|"
        + _CAPITALISED
        + r"[ \t]+"
        + _CAPITALISED
        + r"(?:[ \t]+"
        + _CAPITALISED
        + r")?)(?:[\"']|[ \t]*\r?$)",
        (
            "name",
            "owner",
            "assignee",
            "reviewer",
            "approver",
            "reporter",
            "contact",
            "author",
            "maintainer",
            "call",
            "primary",
            "secondary",
            "lead",
            "manager",
        ),
        group="inverted",
        accept=_inverted_person,
        replacement="[REDACTED:person-name]",
        rule_id="family-first-field-name",
        window=(5, 120),
    ),
    # (round twenty-six) a mailbox's display name written family name first, as directories and mail clients write
    # it (`"Nakamura, Yui" <yui.nakamura@…>`): the comma inside the quotes; the name whole, not its last word alone
    Rule(
        "person-name",
        PII,
        r"\"(?P<inverted>"
        + _CAPITALISED
        + r"(?:[ \t]+"
        + _CAPITALISED
        + r")?,[ \t]*"
        + _CAPITALISED
        + r"(?:[ \t]+"
        + _CAPITALISED
        + r")?)\"[ \t]*<[^<>@\s]+@[^<>\s]+>",
        ("@",),
        group="inverted",
        accept=_inverted_person,
        replacement="[REDACTED:person-name]",
        rule_id="family-first-mailbox-name",
        prefilter=r"\"[ \t]*<[^<>@\s]+@",
    ),
    Rule(
        "person-name",
        PII,
        _LISTED,
        (
            "author",
            "contributor",
            "maintainer",
            "creator",
            "credits",
            "people",
            # (round twenty-eight) a meeting's or a change's people over their list (_LIST_HEADING)
            "acknowledg",
            "attendees",
            "participant",
            "reviewers",
            "approvers",
            "assignees",
            "teilnehmer",
            "asistentes",
            "partecipanti",
            "deelnemers",
            "deltagare",
            "uczestnicy",
            "účastníci",
            "résztvevők",
            "katılımcılar",
            "osallistujat",
            "deltakere",
            "peserta",
            "участники",
            "参会人",
            "出席者",
            "참석자",
        ),
        group=("quoted", "item"),
        accept=_listed_person,
        replacement="[REDACTED:person-name]",
        rule_id="listed-name",
    ),
)
