"""Claude's statement of what it did, said as a title in the post's language: Claude answers in the author's
language ("Ich habe den Deadlock im Worker-Pool behoben", "ワーカープールのデッドロックを修正しました", "Исправил
взаимную блокировку…"), so on a post whose commit is in English its closing words for the first ask are the work
said in the post's language. The title form is the one a writer of that language gives a change: the infinitive
("Deadlock im Worker-Pool beheben", "Corregir el deadlock…", "Исправить…"), a verbal noun ("إصلاح…", "… 수정"), or
the sentence as Claude closed it where that is a title already ("…を修正しました", "修复了…")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from retell.events import ASSISTANT, TOOL_RUN, Event

DONE_CHARS = 80  # longer, the statement is a paragraph's opening, not a title
DONE_WORDS = 2  # an object of one word ("Исправить баг") names no work

# A past form of a change verb, the sentence's opening (the object after it), and its infinitive or verbal noun
_BEFORE: dict[str, tuple[str, dict[str, str]]] = {
    "es": (r"(?:(?:ya\s+)?(?:he|hemos)\s+)?", {
        "corregido": "Corregir", "corregí": "Corregir", "arreglado": "Arreglar", "arreglé": "Arreglar",
        "añadido": "Añadir", "añadí": "Añadir", "agregado": "Agregar", "agregué": "Agregar", "cambiado": "Cambiar",
        "cambié": "Cambiar", "eliminado": "Eliminar", "eliminé": "Eliminar", "quitado": "Quitar", "quité": "Quitar",
        "reemplazado": "Reemplazar", "reemplacé": "Reemplazar", "movido": "Mover", "moví": "Mover",
        "actualizado": "Actualizar", "actualicé": "Actualizar", "reescrito": "Reescribir", "reescribí": "Reescribir",
        "solucionado": "Solucionar", "solucioné": "Solucionar", "ajustado": "Ajustar", "ajusté": "Ajustar"}),
    "fr": (r"(?:j['’]ai|nous avons)\s+", {
        "corrigé": "Corriger", "ajouté": "Ajouter", "modifié": "Modifier", "remplacé": "Remplacer",
        "supprimé": "Supprimer", "déplacé": "Déplacer", "réécrit": "Réécrire", "mis à jour": "Mettre à jour",
        "réparé": "Réparer", "changé": "Changer", "retiré": "Retirer", "ajusté": "Ajuster"}),
    "it": (r"(?:ho|abbiamo)\s+", {
        "corretto": "Correggere", "aggiunto": "Aggiungere", "modificato": "Modificare", "sostituito": "Sostituire",
        "rimosso": "Rimuovere", "sistemato": "Sistemare", "spostato": "Spostare", "aggiornato": "Aggiornare",
        "riscritto": "Riscrivere", "cambiato": "Cambiare", "risolto": "Risolvere"}),
    "pt": (r"(?:eu\s+)?", {
        "corrigi": "Corrigir", "adicionei": "Adicionar", "alterei": "Alterar", "mudei": "Mudar", "removi": "Remover",
        "substituí": "Substituir", "troquei": "Trocar", "ajustei": "Ajustar", "atualizei": "Atualizar",
        "reescrevi": "Reescrever", "consertei": "Consertar", "resolvi": "Resolver", "acrescentei": "Acrescentar"}),
    "pl": (r"", {
        "naprawiłem": "Naprawić", "naprawiłam": "Naprawić", "poprawiłem": "Poprawić", "poprawiłam": "Poprawić",
        "dodałem": "Dodać", "dodałam": "Dodać", "zmieniłem": "Zmienić", "zmieniłam": "Zmienić",
        "usunąłem": "Usunąć", "usunęłam": "Usunąć", "zamieniłem": "Zamienić", "zamieniłam": "Zamienić",
        "przepisałem": "Przepisać", "przepisałam": "Przepisać", "przeniosłem": "Przenieść", "przeniosłam": "Przenieść",
        "zaktualizowałem": "Zaktualizować", "zaktualizowałam": "Zaktualizować"}),
    "ru": (r"(?:я\s+)?", {
        "исправил": "Исправить", "исправила": "Исправить", "добавил": "Добавить", "добавила": "Добавить",
        "изменил": "Изменить", "изменила": "Изменить", "удалил": "Удалить", "удалила": "Удалить",
        "заменил": "Заменить", "заменила": "Заменить", "переписал": "Переписать", "переписала": "Переписать",
        "перенёс": "Перенести", "перенес": "Перенести", "перенесла": "Перенести", "обновил": "Обновить",
        "обновила": "Обновить", "починил": "Починить", "починила": "Починить", "убрал": "Убрать", "убрала": "Убрать"}),
    "uk": (r"(?:я\s+)?", {
        "виправив": "Виправити", "виправила": "Виправити", "додав": "Додати", "додала": "Додати",
        "змінив": "Змінити", "змінила": "Змінити", "видалив": "Видалити", "видалила": "Видалити",
        "замінив": "Замінити", "замінила": "Замінити", "переписав": "Переписати", "переписала": "Переписати",
        "оновив": "Оновити", "оновила": "Оновити", "переніс": "Перенести", "перенесла": "Перенести",
        "прибрав": "Прибрати", "прибрала": "Прибрати"}),
    "cs": (r"", {
        "opravil jsem": "Opravit", "opravila jsem": "Opravit", "přidal jsem": "Přidat", "přidala jsem": "Přidat",
        "změnil jsem": "Změnit", "změnila jsem": "Změnit", "odstranil jsem": "Odstranit",
        "odstranila jsem": "Odstranit", "nahradil jsem": "Nahradit", "nahradila jsem": "Nahradit",
        "přepsal jsem": "Přepsat", "přepsala jsem": "Přepsat", "upravil jsem": "Upravit", "upravila jsem": "Upravit",
        "aktualizoval jsem": "Aktualizovat", "aktualizovala jsem": "Aktualizovat", "přesunul jsem": "Přesunout",
        "přesunula jsem": "Přesunout"}),
    "sv": (r"(?:jag|vi)\s+har\s+", {
        "fixat": "Fixa", "lagat": "Laga", "rättat": "Rätta", "lagt till": "Lägga till", "ändrat": "Ändra",
        "tagit bort": "Ta bort", "bytt ut": "Byta ut", "bytt": "Byta", "uppdaterat": "Uppdatera", "flyttat": "Flytta",
        "skrivit om": "Skriva om", "åtgärdat": "Åtgärda", "justerat": "Justera"}),
    "vi": (r"(?:(?:mình|tôi|em|anh|chị)\s+)?(?:đã\s+)", {
        "sửa": "Sửa", "thêm": "Thêm", "đổi": "Đổi", "xóa": "Xóa", "xoá": "Xoá", "cập nhật": "Cập nhật",
        "thay": "Thay", "viết lại": "Viết lại", "chuyển": "Chuyển", "khắc phục": "Khắc phục", "bổ sung": "Bổ sung"}),
    "ar": (r"(?:لقد\s+)?", {
        "أصلحت": "إصلاح", "اصلحت": "إصلاح", "أضفت": "إضافة", "اضفت": "إضافة", "غيرت": "تغيير", "غيّرت": "تغيير",
        "عدلت": "تعديل", "عدّلت": "تعديل", "حذفت": "حذف", "استبدلت": "استبدال", "نقلت": "نقل", "حدثت": "تحديث",
        "حدّثت": "تحديث", "أعدت كتابة": "إعادة كتابة", "قمت بإصلاح": "إصلاح", "قمت بإضافة": "إضافة",
        "قمت بتعديل": "تعديل", "قمت بتغيير": "تغيير", "قمت بحذف": "حذف", "قمت باستبدال": "استبدال"}),
}  # fmt: skip
# The past participle at a clause's end, after the object ("Ich habe den Deadlock … behoben"), and its infinitive
_AFTER: dict[str, tuple[str, dict[str, str]]] = {
    "de": (r"(?:ich|wir)\s+haben?\s+|habe\s+", {
        "behoben": "beheben", "hinzugefügt": "hinzufügen", "geändert": "ändern", "ersetzt": "ersetzen",
        "entfernt": "entfernen", "umgestellt": "umstellen", "angepasst": "anpassen", "korrigiert": "korrigieren",
        "aktualisiert": "aktualisieren", "eingebaut": "einbauen", "ergänzt": "ergänzen", "repariert": "reparieren",
        "verschoben": "verschieben", "umgeschrieben": "umschreiben", "gefixt": "fixen", "neu geschrieben":
        "neu schreiben"}),
    "nl": (r"(?:ik|we)\s+(?:heb|hebben)\s+", {
        "aangepast": "aanpassen", "toegevoegd": "toevoegen", "opgelost": "oplossen", "vervangen": "vervangen",
        "verwijderd": "verwijderen", "gewijzigd": "wijzigen", "bijgewerkt": "bijwerken", "verplaatst": "verplaatsen",
        "gerepareerd": "repareren", "herschreven": "herschrijven", "gefikst": "fiksen"}),
}  # fmt: skip
# Articles a German or Dutch infinitive title goes without ("den Deadlock … beheben" -> "Deadlock … beheben")
_ARTICLE = {"de": r"(?:den|die|das|dem|der|ein|eine|einen)\s+", "nl": r"(?:de|het|een)\s+"}
# Where the change ends and its manner, purpose or a second change begins: a mark, a gerund ("leyendo", "en
# lisant"), a word of purpose, or the language's "and" (not a shared list: Italian "i" and Swedish "i" are no "and")
_CUT = (
    r"\s*[,;:(—–]|\s+-\s|(?:^|\s+)(?:para|pour|porque|parce|damit|indem|sodass|weil|zodat|omdat|så att|bằng cách|để|"
    r"بحيث|لكي|чтобы|щоб|żeby|aby|protože|takže|en \w+ant|(?!comando\b|mando\b)\w+(?:ando|endo|iendo|indo))\b"
)
_AND = {"es": "y|e|o", "fr": "et|ou", "it": "e|ed", "pt": "e", "pl": "i|oraz|a", "ru": "и|а", "uk": "і|й|та|а",
        "cs": "a|i", "sv": "och", "vi": "và", "ar": "و", "de": "und", "nl": "en"}  # fmt: skip
# An object that points back at the chat ("Poprawiłem to w…"): no work named
_POINTER = re.compile(r"(?i)^(?:to|это|це|it|this|that|isso|isto|dies|nó|هذا|ذلك)(?:\s|$)")
# A statement of the checks or the commit, not of the change
_CHORE = re.compile(
    r"(?i)\b(?:tests?|testy?|testów|testes|тест\w*|commit\w*|readme)\b|テスト|コミット|测试|測試|提交|테스트|커밋"
)

# Turkish puts the verb last: a passive statement is a title as it is ("…kilitlenme giderildi"); Claude's first person
# ("…deadlock'u düzelttim") is said in the passive, its object's case ending after an apostrophe dropped (a case
# ending joined to a Turkish word, "hatayı", is not undone: no title then)
_TR_PASSIVE = (
    r"düzeltildi|giderildi|eklendi|değiştirildi|kaldırıldı|güncellendi|silindi|yeniden yazıldı|taşındı|"
    r"iyileştirildi|çözüldü"
)
_TR_FIRST = {
    "düzelttim": "düzeltildi", "giderdim": "giderildi", "ekledim": "eklendi", "değiştirdim": "değiştirildi",
    "kaldırdım": "kaldırıldı", "güncelledim": "güncellendi", "sildim": "silindi", "yeniden yazdım": "yeniden yazıldı",
    "taşıdım": "taşındı", "çözdüm": "çözüldü",
}  # fmt: skip
_TR_CASE = r"['’][yn]?[ıiuü]$"  # the accusative after an apostrophe ("deadlock'u", "surefire'ı"; not "3.3.1'e")

_JA = re.compile(
    r"^(?P<said>[^。！？!?]*?を[^。！？!?を]*?(?:修正|追加|変更|作成|適用|削除|更新|実装|置き換え|書き換え|直し|解消|導入|移行|"
    r"統合|分割|設定|対応|マージ)[^。！？!?を]*?ました)"
)
_ZH = re.compile(
    r"^(?:我们|我們|我)?(?:已经|已經|已)?(?P<said>(?:把|将|將)?[^，,。！？!?；;]*?(?:修复|修復|修正|添加|增加|新增|加入|修改|改为|"
    r"改為|改成|删除|刪除|移除|更新|实现|實作|實現|重写|重寫|替换|替換|迁移|遷移|解决|解決)[^，,。！？!?；;]*)"
)
_KO = re.compile(
    r"^(?P<what>[^.!?。]+?)[을를]\s*(?P<verb>수정|추가|변경|삭제|제거|적용|구현|교체|작성|개선|해결|도입|전환|업데이트)"
    r"(?:했습니다|했어요|하였습니다|했고|했으며|했다)"
)


def claude_done(events: Sequence[Event], language: str | None) -> str:
    """Claude's statement of a change it made, in `events` (its messages after its first tool run, main thread; the
    closing one first), said as a title in `language` (see the module's docstring); "" when none is in a form this
    knows."""
    if not language:
        return ""
    from retell.extract.local_headings import table_key
    from retell.extract.result import _sentences

    key = table_key(language)
    acted = False
    messages: list[str] = []
    for event in events:
        if event.sidechain or event.abandoned:
            continue
        if event.kind == TOOL_RUN:
            acted = True
        elif event.kind == ASSISTANT and acted and event.text:
            messages.append(event.text)
    # the closing message first (it sums the exchange up), then the ones before it (a step said on the way)
    for text in reversed(messages):
        for sentence in _sentences(text):
            said = as_title(sentence, key)
            if said:
                return said
    return ""


def as_title(sentence: str, key: str) -> str:
    """A statement of a change said as a title in the language of `key` (local_headings.table_key); ""."""
    text = re.sub(r"[`*]", "", sentence).strip()
    text = re.sub(r"\s*[（(][^（()）]*[)）]", "", text).strip()  # an aside in brackets
    if text.endswith(("?", "？", ":", "：")):
        return ""
    said = ""
    if key == "ja":
        said = m.group("said") if (m := _JA.match(text)) else ""
    elif key in ("zh-Hans", "zh-Hant"):
        said = m.group("said") if (m := _ZH.match(text)) else ""
    elif key == "ko":
        said = f"{m.group('what').strip()} {m.group('verb')}" if (m := _KO.match(text)) else ""
    elif key == "tr":
        said = _turkish(text)
    elif key in _BEFORE:
        said = _verb_first(text, key)
    elif key in _AFTER:
        said = _verb_last(text, key)
    said = said.strip().rstrip("。.!！ ")
    if not said or _CHORE.search(said) or len(said) > DONE_CHARS:
        return ""
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", said):
        return said if len(said) >= 6 else ""
    return said


def _verb_first(text: str, key: str) -> str:
    opening, verbs = _BEFORE[key]
    alternatives = "|".join(sorted(map(re.escape, verbs), key=len, reverse=True))
    match = re.match(rf"(?i){opening}(?P<verb>{alternatives})\s+(?P<what>.+)$", text)
    if not match:
        return ""
    what = _cut(match.group("what"), key)
    if len(what.split()) < DONE_WORDS or _POINTER.match(what):
        return ""
    return f"{verbs[match.group('verb').lower()]} {what}"


def _verb_last(text: str, key: str) -> str:
    opening, verbs = _AFTER[key]
    clause = _cut(text, key)
    alternatives = "|".join(sorted(map(re.escape, verbs), key=len, reverse=True))
    match = re.match(rf"(?i)(?:{opening})(?P<what>.+?)\s+(?P<verb>{alternatives})$", clause.strip())
    if not match:
        return ""
    what = re.sub(rf"(?i)^{_ARTICLE[key]}", "", match.group("what").strip())
    if len(what.split()) < DONE_WORDS or _POINTER.match(match.group("what")):
        return ""
    return f"{what[:1].upper()}{what[1:]} {verbs[match.group('verb').lower()]}"


def _cut(text: str, key: str) -> str:
    """`text` up to where its change ends (see _CUT, _AND)."""
    cut = re.split(_CUT, text, maxsplit=1)[0]
    return re.split(rf"(?:^|\s+)(?:{_AND[key]})(?:\s|$)", cut, maxsplit=1)[0].strip()


def _turkish(text: str) -> str:
    clause = re.split(r"\s*[,;:(—–]|\s+ve\s", text, maxsplit=1)[0].strip().rstrip(".!")
    passive = re.match(rf"(?i)(?P<what>.+?)\s+(?:{_TR_PASSIVE})$", clause)
    if passive:
        return clause if len(passive.group("what").split()) >= DONE_WORDS else ""
    verbs = "|".join(sorted(map(re.escape, _TR_FIRST), key=len, reverse=True))
    first = re.match(rf"(?i)(?P<what>.+?)\s+(?P<verb>{verbs})$", clause)
    if not first:
        return ""
    words = first.group("what").split()
    marked = [i for i, w in enumerate(words) if re.search(_TR_CASE, w)]
    if not marked:
        return ""  # (a case ending joined to a word, "hatayı", "sürümünü", is not undone here)
    what = " ".join(re.sub(_TR_CASE, "", w) if i == marked[-1] else w for i, w in enumerate(words))
    return f"{what} {_TR_FIRST[first.group('verb').lower()]}" if len(what.split()) >= DONE_WORDS else ""
