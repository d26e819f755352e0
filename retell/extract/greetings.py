"""The greetings an author's message opens with, in the languages retell has met: one list for every reader that
must see past them (a title, a heading, whether a message names a goal). Three lists had grown apart, each
knowing languages the others did not: an Arabic "السلام عليكم 👋" line became a post's heading."""

from __future__ import annotations

# Regex fragments, case-insensitive. Written with spaces around them: matched as whole words.
_SPACED = (
    r"hi+", r"hy", r"hiya", r"hello", r"hey+", r"hallo", r"howdy", r"yo", r"greetings",
    r"good (?:morning|afternoon|evening|day)", r"morning", r"bonjour", r"bonsoir", r"coucou", r"salut", r"hola",
    r"buenos d[ií]as", r"buenas(?: tardes| noches)?", r"ciao", r"salve", r"buongiorno", r"buonasera", r"olá",
    r"ola", r"oi", r"opa", r"e a[ií]", r"what'?s up", r"wh?assup", r"sup", r"bom dia", r"boa tarde",
    r"boa noite", r"servus", r"moin(?: moin)?", r"guten (?:morgen|tag|abend)", r"hej(?: hej)?", r"hoi",
    r"goedemorgen", r"cześć", r"dzień dobry", r"ahoj", r"dobrý den", r"čau", r"привет", r"здравствуй(?:те)?",
    r"привіт", r"вітаю", r"добрий день", r"добрый день", r"merhaba", r"selam", r"günaydın", r"xin chào",
    r"chào bạn", r"chào", r"halo", r"selamat pagi", r"مرحبا", r"مرحباً", r"مرحبًا", r"أهلا", r"أهلاً", r"اهلا",
    r"السلام عليكم", r"שלום",
    r"היי", r"γεια σου", r"γεια", r"καλημέρα", r"szia", r"sziasztok", r"helló", r"salutare", r"bună",
    r"buna ziua", r"tjena", r"god morgon", r"god dag", r"goddag", r"hallå", r"hei", r"terve", r"namaste",
    r"namaskar", r"नमस्ते", r"नमस्कार", r"سلام علیکم", r"سلام", r"درود", r"وقت بخیر", r"zdravo", r"pozdrav",
    r"happy (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|new year|holidays)",
    r"feliz (?:lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo|segunda|ter[çc]a|quarta|quinta|sexta)",
    r"bon (?:lundi|mardi|mercredi|jeudi|vendredi|week-end)", r"sch[öo]nen (?:montag|freitag|feierabend)",
    r"kia ora", r"sawubona", r"jambo", r"habari", r"ہیلو", r"আসসালামু আলাইকুম", r"নমস্কার", r"வணக்கம்",
    r"నమస్తే", r"ನಮಸ್ಕಾರ", r"გამარჯობა", r"բարեւ", r"сайн байна уу", r"salam", r"assalamualaikum",
)  # fmt: skip
# Written with no space after them (Chinese, Japanese, Thai; Korean's 안녕 opens 안녕하세요): matched as they start.
_UNSPACED = (
    r"你好", r"您好", r"大家好", r"嗨", r"哈囉", r"哈喽", r"早上好", r"早安", r"晚上好", r"下午好", r"こんにちは",
    r"おはよう(?:ございます)?", r"こんばんは", r"お疲れ様です", r"안녕(?:하세요)?", r"สวัสดี(?:ครับ|ค่ะ)?",
)  # fmt: skip

# One greeting word (no separator after it): a spaced one ends where a word does
GREETING = rf"(?:(?:{'|'.join(_SPACED)})(?![\w'])|(?:{'|'.join(_UNSPACED)}))"

# A pleasantry after (or instead of) a greeting, as a sentence of its own: "Hope your weekend's going well.",
# "How are you?", "Espero que estés bien." It asks for nothing and names nothing; the request follows it.
PLEASANTRY = (
    r"(?i)^¿?(?:(?:I )?hope (?:you(?:'re| are)(?: (?:doing|keeping))?|all(?:'s| is)|your (?:\w+ )?(?:day|week|weekend|"
    r"morning|evening)(?:'s| is)(?: going)?|this finds you|things are(?: going)?)(?: well| good| great| ok)?|"
    r"how are you(?: doing)?(?: today)?|how(?:'s| is) it going|how(?:'s| is) your (?:day|week|weekend)(?: going)?|"
    r"c[óo]mo (?:est[áa]s|est[áa]is|est[áa]n|vai|va todo)|tudo bem|"
    r"espero que (?:estés|esté|estéis|estejas|esteja|tudo) (?:bien|bem|esteja bem)|"
    r"j'esp[èe]re que (?:tu vas|vous allez|tout va) bien|comment (?:ça|ca) va|"
    r"ich hoffe,? (?:es geht (?:dir|euch|ihnen) gut|du hast (?:ein schönes|einen guten) \w+)|wie geht'?s(?: dir)?|"
    r"spero (?:tu stia|che tu stia|stiate|vada tutto) bene|come (?:stai|va)|"
    r"(?:ik )?hoop dat (?:alles goed (?:gaat|is)|het goed met je gaat)|hoe gaat het(?: met je)?|"
    r"mam nadziej[ęe],? że (?:wszystko w porządku|u ciebie wszystko dobrze)|jak si[ęe] masz|"
    r"как (?:дела|ты|вы)|надеюсь,? (?:у тебя|у вас) всё хорошо)"
    r"[^.!?。！？\n]{0,20}[.!?。！？~]+\s*"
)
