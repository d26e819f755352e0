"""Headings retell makes up itself (from the work, not from the author's words) in the post's language: a
Japanese post is headed "CLAUDE.md の変更", not "Changing the CLAUDE.md instructions". File names stay as they
are; the words around them come from this table (Japanese, Chinese, Korean, Spanish, Portuguese, French,
German, Italian, Russian, Vietnamese, Dutch, Polish, Turkish, Swedish, Czech, Arabic, Hebrew, Greek, Indonesian,
Ukrainian, Persian, Hindi, Thai, Romanian, Hungarian, Finnish, Danish, Norwegian, Catalan, Swahili, Tagalog,
Slovak, Croatian; Malay reads the Indonesian words). A language missing here keeps
the English heading."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from retell.events import TOOL_RUN, Event
from retell.extract.roles import MIGRATION
from retell.extract.tools import family

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_HANT_REGIONS = ("tw", "hk", "mo", "hant")
_CJK_TABLES = ("ja", "zh-Hans", "zh-Hant", "ko")
# Norwegian's written forms: py3langid says `no`, a setting may say `nb`; Malay reads the Indonesian table (the
# two standards share these words, "Bagaimana akhirnya", "Dalam angka"), Bosnian the Croatian one
_ALIASES = {"nb": "no", "nn": "no", "ms": "id", "bs": "hr"}

# The words of each kind of made-up heading; {names}: file names, {n}: a part's number.
WORDS: dict[str, dict[str, str]] = {
    "ja": {
        "migration": "マイグレーション",
        "edit": "{names} の変更",
        "write": "{names} の作成",
        "read": "{names} を読む",
        "and": "、",
        "more": "{names} ほか",
        "tests": "テストを通す",
        "error": "{error} の解消",
        "types": "型チェックを通す",
        "lint": "リンターを通す",
        "build": "ビルドを通す",
        "subagents": "サブエージェントに任せる",
        "commit": "変更をコミットする",
        "commands": "コマンドを実行する",
        "search": "コードを探す",
        "web": "調べもの",
        "plan": "計画を立てる",
        "images": "スクリーンショットを見る",
        "talk": "Claude との相談",
        "start": "はじまり",
        "ended": "おわりに",
        "idle": "しばらくして再開",
        "compaction": "コンテキストの圧縮のあと",
        "resumed": "セッションを再開して",
        "part": "その {n}",
        "project": "{project} での作業",
        "session": "Claude Code との作業",
    },
    "zh-Hans": {
        "migration": "迁移文件",
        "edit": "修改 {names}",
        "write": "创建 {names}",
        "read": "阅读 {names}",
        "and": "、",
        "more": "{names} 等",
        "tests": "让测试通过",
        "error": "解决 {error}",
        "types": "通过类型检查",
        "lint": "通过代码检查",
        "build": "让构建成功",
        "subagents": "交给子代理",
        "commit": "提交改动",
        "commands": "运行命令",
        "search": "搜索代码",
        "web": "查资料",
        "plan": "制定计划",
        "images": "查看截图",
        "talk": "与 Claude 讨论",
        "start": "开始",
        "ended": "结果",
        "idle": "过了一阵再继续",
        "compaction": "上下文压缩之后",
        "resumed": "恢复会话",
        "part": "第 {n} 部分",
        "project": "在 {project} 上的工作",
        "session": "与 Claude Code 一起工作",
    },
    "zh-Hant": {
        "migration": "遷移檔",
        "edit": "修改 {names}",
        "write": "建立 {names}",
        "read": "閱讀 {names}",
        "and": "、",
        "more": "{names} 等",
        "tests": "讓測試通過",
        "error": "解決 {error}",
        "types": "通過型別檢查",
        "lint": "通過程式碼檢查",
        "build": "讓建置成功",
        "subagents": "交給子代理",
        "commit": "提交變更",
        "commands": "執行命令",
        "search": "搜尋程式碼",
        "web": "查資料",
        "plan": "制定計畫",
        "images": "查看截圖",
        "talk": "與 Claude 討論",
        "start": "開始",
        "ended": "結果",
        "idle": "過了一陣再繼續",
        "compaction": "上下文壓縮之後",
        "resumed": "恢復工作階段",
        "part": "第 {n} 部分",
        "project": "在 {project} 上的工作",
        "session": "與 Claude Code 一起工作",
    },
    "ko": {
        "migration": "마이그레이션",
        "edit": "{names} 수정",
        "write": "{names} 작성",
        "read": "{names} 읽기",
        "and": ", ",
        "more": "{names} 외",
        "tests": "테스트 통과시키기",
        "error": "{error} 해결",
        "types": "타입 검사 통과시키기",
        "lint": "린터 통과시키기",
        "build": "빌드 성공시키기",
        "subagents": "서브에이전트에게 맡기기",
        "commit": "변경 사항 커밋",
        "commands": "명령 실행",
        "search": "코드 검색",
        "web": "자료 조사",
        "plan": "계획 세우기",
        "images": "스크린샷 보기",
        "talk": "Claude와 논의",
        "start": "시작",
        "ended": "마무리",
        "idle": "잠시 후 다시",
        "compaction": "컨텍스트 압축 이후",
        "resumed": "세션 재개",
        "part": "{n}부",
        "project": "{project} 작업",
        "session": "Claude Code와 작업",
    },
    "es": {
        "migration": "la migración",
        "list": ", ",
        "edit": "Cambios en {names}",
        "write": "Creando {names}",
        "read": "Leyendo {names}",
        "and": " y ",
        "more": "{names}, entre otros",
        "tests": "Logrando que pasen las pruebas",
        "error": "Corrigiendo el {error}",
        "types": "Logrando que pase la comprobación de tipos",
        "lint": "Logrando que pase el linter",
        "build": "Logrando que compile",
        "subagents": "Repartir el trabajo entre subagentes",
        "commit": "Haciendo el commit",
        "commands": "Ejecutando comandos",
        "search": "Buscando en el código",
        "web": "Buscando información",
        "plan": "Un plan",
        "images": "Mirando capturas de pantalla",
        "talk": "Hablándolo con Claude",
        "start": "Cómo empezó",
        "ended": "Cómo terminó",
        "idle": "Al volver",
        "compaction": "Después de compactar el contexto",
        "resumed": "Retomando la sesión",
        "part": "Parte {n}",
        "project": "Trabajando en {project}",
        "session": "Trabajando con Claude Code",
    },
    "pt": {
        "migration": "a migração",
        "list": ", ",
        "edit": "Mudanças em {names}",
        "write": "Criando {names}",
        "read": "Lendo {names}",
        "and": " e ",
        "more": "{names}, entre outros",
        "tests": "Fazendo os testes passarem",
        "error": "Corrigindo o {error}",
        "types": "Fazendo a checagem de tipos passar",
        "lint": "Fazendo o linter passar",
        "build": "Fazendo o build funcionar",
        "subagents": "Dividindo o trabalho entre subagentes",
        "commit": "Fazendo o commit",
        "commands": "Rodando comandos",
        "search": "Procurando no código",
        "web": "Pesquisando",
        "plan": "Um plano",
        "images": "Olhando capturas de tela",
        "talk": "Conversando com o Claude",
        "start": "Como começou",
        "ended": "Como terminou",
        "idle": "De volta ao trabalho",
        "compaction": "Depois de compactar o contexto",
        "resumed": "Retomando a sessão",
        "part": "Parte {n}",
        "project": "Trabalhando em {project}",
        "session": "Trabalhando com o Claude Code",
    },
    "fr": {
        "migration": "la migration",
        "list": ", ",
        "edit": "Modifications de {names}",
        "write": "Création de {names}",
        "read": "Lecture de {names}",
        "and": " et ",
        "more": "{names}, entre autres",
        "tests": "Faire passer les tests",
        "error": "Corriger l'erreur {error}",
        "types": "Faire passer la vérification des types",
        "lint": "Faire passer le linter",
        "build": "Faire passer le build",
        "subagents": "Répartir le travail entre des sous-agents",
        "commit": "Faire le commit",
        "commands": "Lancer des commandes",
        "search": "Chercher dans le code",
        "web": "Se renseigner",
        "plan": "Un plan",
        "images": "Des captures d'écran",
        "talk": "En discuter avec Claude",
        "start": "Le point de départ",
        "ended": "Le bilan",
        "idle": "Après une pause",
        "compaction": "Après la compaction du contexte",
        "resumed": "La session reprise",
        "part": "Partie {n}",
        "project": "Travailler sur {project}",
        "session": "Travailler avec Claude Code",
    },
    "it": {
        "migration": "la migrazione",
        "list": ", ",
        "edit": "Modifiche a {names}",
        "write": "Creazione di {names}",
        "read": "Lettura di {names}",
        "and": " e ",
        "more": "{names} e altri",
        "tests": "Far passare i test",
        "error": "Correggere l'errore {error}",
        "types": "Far passare il controllo dei tipi",
        "lint": "Far passare il linter",
        "build": "Far funzionare la build",
        "subagents": "Dividere il lavoro tra subagenti",
        "commit": "Fare il commit",
        "commands": "Eseguire comandi",
        "search": "Cercare nel codice",
        "web": "Documentarsi",
        "plan": "Un piano",
        "images": "Guardare gli screenshot",
        "talk": "Parlarne con Claude",
        "start": "Da dove è partito",
        "ended": "Com'è finita",
        "idle": "Dopo una pausa",
        "compaction": "Dopo la compattazione del contesto",
        "resumed": "La sessione ripresa",
        "part": "Parte {n}",
        "project": "Lavoro su {project}",
        "session": "Lavoro con Claude Code",
    },
    "ru": {
        "migration": "миграция",
        "list": ", ",
        "edit": "Изменения в {names}",
        "write": "Создание {names}",
        "read": "Чтение {names}",
        "and": " и ",
        "more": "{names} и другие",
        "tests": "Добиться прохождения тестов",
        "error": "Исправление ошибки {error}",
        "types": "Добиться прохождения проверки типов",
        "lint": "Добиться прохождения линтера",
        "build": "Добиться успешной сборки",
        "subagents": "Распределение работы между субагентами",
        "commit": "Коммит изменений",
        "commands": "Запуск команд",
        "search": "Поиск по коду",
        "web": "Поиск информации",
        "plan": "План",
        "images": "Скриншоты",
        "talk": "Обсуждение с Claude",
        "start": "С чего всё началось",
        "ended": "Чем всё закончилось",
        "idle": "После перерыва",
        "compaction": "После сжатия контекста",
        "resumed": "Сессия возобновлена",
        "part": "Часть {n}",
        "project": "Работа над {project}",
        "session": "Работа с Claude Code",
    },
    "vi": {
        "migration": "migration",
        "list": ", ",
        "edit": "Thay đổi {names}",
        "write": "Tạo {names}",
        "read": "Đọc {names}",
        "and": " và ",
        "more": "{names} và các tệp khác",
        "tests": "Làm cho các bài kiểm thử chạy qua",
        "error": "Sửa lỗi {error}",
        "types": "Vượt qua kiểm tra kiểu",
        "lint": "Vượt qua linter",
        "build": "Làm cho bản build chạy được",
        "subagents": "Chia việc cho các subagent",
        "commit": "Commit các thay đổi",
        "commands": "Chạy lệnh",
        "search": "Tìm trong mã nguồn",
        "web": "Tra cứu",
        "plan": "Lập kế hoạch",
        "images": "Xem ảnh chụp màn hình",
        "talk": "Trao đổi với Claude",
        "start": "Khởi đầu",
        "ended": "Kết quả",
        "idle": "Sau một lúc nghỉ",
        "compaction": "Sau khi nén ngữ cảnh",
        "resumed": "Tiếp tục phiên làm việc",
        "part": "Phần {n}",
        "project": "Làm việc với {project}",
        "session": "Làm việc với Claude Code",
    },
    "de": {
        "migration": "die Migration",
        "list": ", ",
        "edit": "Änderungen an {names}",
        "write": "{names} neu anlegen",
        "read": "{names} lesen",
        "and": " und ",
        "more": "{names} und weitere",
        "tests": "Die Tests zum Laufen bringen",
        "error": "Den {error} beheben",
        "types": "Die Typprüfung bestehen",
        "lint": "Den Linter zufriedenstellen",
        "build": "Den Build zum Laufen bringen",
        "subagents": "Die Arbeit auf Subagenten verteilen",
        "commit": "Die Änderungen committen",
        "commands": "Befehle ausführen",
        "search": "Den Code durchsuchen",
        "web": "Nachschlagen",
        "plan": "Ein Plan",
        "images": "Screenshots ansehen",
        "talk": "Mit Claude besprochen",
        "start": "Der Anfang",
        "ended": "Wie es ausging",
        "idle": "Nach einer Pause",
        "compaction": "Nach dem Kompaktieren des Kontexts",
        "resumed": "Die Sitzung wieder aufgenommen",
        "part": "Teil {n}",
        "project": "Arbeit an {project}",
        "session": "Arbeit mit Claude Code",
    },
    "nl": {
        "migration": "de migratie",
        "list": ", ",
        "edit": "Wijzigingen in {names}",
        "write": "{names} aanmaken",
        "read": "{names} lezen",
        "and": " en ",
        "more": "{names} en meer",
        "tests": "De tests laten slagen",
        "error": "De {error} oplossen",
        "types": "De typecontrole laten slagen",
        "lint": "De linter tevredenstellen",
        "build": "De build werkend krijgen",
        "subagents": "Het werk verdelen over subagents",
        "commit": "De wijzigingen committen",
        "commands": "Commando's uitvoeren",
        "search": "De code doorzoeken",
        "web": "Dingen opzoeken",
        "plan": "Een plan",
        "images": "Screenshots bekijken",
        "talk": "Overleg met Claude",
        "start": "Waar het begon",
        "ended": "Hoe het afliep",
        "idle": "Na een pauze",
        "compaction": "Na het comprimeren van de context",
        "resumed": "De sessie weer opgepakt",
        "part": "Deel {n}",
        "project": "Werken aan {project}",
        "session": "Werken met Claude Code",
    },
    # (Polish and Turkish decline a noun after a preposition or take a suffix: the file names stand after a colon)
    "pl": {
        "migration": "migracja",
        "list": ", ",
        "edit": "Zmiany: {names}",
        "write": "Nowe pliki: {names}",
        "read": "Lektura: {names}",
        "and": " i ",
        "more": "{names} i inne",
        "tests": "Naprawa testów",
        "error": "Naprawa błędu {error}",
        "types": "Naprawa błędów typów",
        "lint": "Naprawa uwag lintera",
        "build": "Naprawa builda",
        "subagents": "Podział pracy między subagentów",
        "commit": "Commit zmian",
        "commands": "Uruchamianie poleceń",
        "search": "Przeszukiwanie kodu",
        "web": "Szukanie informacji",
        "plan": "Plan",
        "images": "Przeglądanie zrzutów ekranu",
        "talk": "Rozmowa z Claude",
        "start": "Jak to się zaczęło",
        "ended": "Jak to się skończyło",
        "idle": "Po przerwie",
        "compaction": "Po kompresji kontekstu",
        "resumed": "Powrót do sesji",
        "part": "Część {n}",
        "project": "Praca nad {project}",
        "session": "Praca z Claude Code",
    },
    "tr": {
        "migration": "migrasyon",
        "list": ", ",
        "edit": "Değişiklikler: {names}",
        "write": "Yeni dosyalar: {names}",
        "read": "Okunanlar: {names}",
        "and": " ve ",
        "more": "{names} ve diğerleri",
        "tests": "Testleri geçirmek",
        "error": "{error} hatasının giderilmesi",
        "types": "Tip denetiminden geçmek",
        "lint": "Linter uyarılarını gidermek",
        "build": "Build'i çalışır hale getirmek",
        "subagents": "İşi alt ajanlara bölmek",
        "commit": "Değişiklikleri commit etmek",
        "commands": "Komut çalıştırmak",
        "search": "Kodda arama",
        "web": "Araştırma",
        "plan": "Bir plan",
        "images": "Ekran görüntülerine bakmak",
        "talk": "Claude ile konuşmak",
        "start": "Nasıl başladı",
        "ended": "Nasıl bitti",
        "idle": "Bir aradan sonra",
        "compaction": "Bağlam sıkıştırıldıktan sonra",
        "resumed": "Oturuma geri dönmek",
        "part": "Bölüm {n}",
        "project": "{project} üzerinde çalışma",
        "session": "Claude Code ile çalışma",
    },
    "sv": {
        "migration": "migreringen",
        "list": ", ",
        "edit": "Ändringar i {names}",
        "write": "Nya filer: {names}",
        "read": "Läsning av {names}",
        "and": " och ",
        "more": "{names} med flera",
        "tests": "Få testerna att gå igenom",
        "error": "Att bli av med {error}",
        "types": "Få typkontrollen att gå igenom",
        "lint": "Göra lintern nöjd",
        "build": "Få bygget att fungera",
        "subagents": "Arbetet fördelat på subagenter",
        "commit": "Ändringarna committas",
        "commands": "Kommandon körs",
        "search": "Sökning i koden",
        "web": "Efterforskningar",
        "plan": "En plan",
        "images": "Skärmdumparna",
        "talk": "Samtal med Claude",
        "start": "Hur det började",
        "ended": "Hur det slutade",
        "idle": "Efter en paus",
        "compaction": "Efter att kontexten komprimerats",
        "resumed": "Tillbaka i sessionen",
        "part": "Del {n}",
        "project": "Arbete med {project}",
        "session": "Arbete med Claude Code",
    },
    # (Czech declines a noun after a preposition: the file names stand after a colon)
    "cs": {
        "migration": "migrace",
        "list": ", ",
        "edit": "Změny: {names}",
        "write": "Nové soubory: {names}",
        "read": "Čtení: {names}",
        "and": " a ",
        "more": "{names} a další",
        "tests": "Zprovoznění testů",
        "error": "Oprava chyby {error}",
        "types": "Oprava typových chyb",
        "lint": "Oprava chyb z linteru",
        "build": "Zprovoznění buildu",
        "subagents": "Práce rozdělená mezi subagenty",
        "commit": "Commit změn",
        "commands": "Spouštění příkazů",
        "search": "Hledání v kódu",
        "web": "Hledání informací",
        "plan": "Plán",
        "images": "Snímky obrazovky",
        "talk": "Rozhovor s Claudem",
        "start": "Jak to začalo",
        "ended": "Jak to skončilo",
        "idle": "Po přestávce",
        "compaction": "Po zhuštění kontextu",
        "resumed": "Návrat k sezení",
        "part": "Část {n}",
        "project": "Práce na {project}",
        "session": "Práce s Claude Code",
    },
    # (file names and errors are Latin script inside right-to-left text: each stands after a colon)
    "ar": {
        "migration": "الترحيل",
        "list": "، ",
        "edit": "تعديلات: {names}",
        "write": "ملفات جديدة: {names}",
        "read": "قراءة: {names}",
        "and": " و",
        "more": "{names} وغيرها",
        "tests": "إنجاح الاختبارات",
        "error": "إصلاح الخطأ: {error}",
        "types": "إصلاح أخطاء الأنواع",
        "lint": "إصلاح ملاحظات المدقق",
        "build": "إصلاح البناء",
        "subagents": "توزيع العمل على وكلاء فرعيين",
        "commit": "حفظ التغييرات في git",
        "commands": "تشغيل الأوامر",
        "search": "البحث في الشيفرة",
        "web": "البحث عن معلومات",
        "plan": "خطة",
        "images": "لقطات الشاشة",
        "talk": "نقاش مع Claude",
        "start": "كيف بدأ الأمر",
        "ended": "كيف انتهى الأمر",
        "idle": "بعد استراحة",
        "compaction": "بعد ضغط السياق",
        "resumed": "العودة إلى الجلسة",
        "part": "الجزء {n}",
        "project": "العمل على {project}",
        "session": "العمل مع Claude Code",
    },
    # (Hebrew, like Arabic: Latin file names and errors stand after a colon inside right-to-left text)
    "he": {
        "migration": "המיגרציה",
        "list": ", ",
        "edit": "שינויים: {names}",
        "write": "קבצים חדשים: {names}",
        "read": "קריאה: {names}",
        "and": " ו-",
        "more": "{names} ועוד",
        "tests": "תיקון הבדיקות",
        "error": "תיקון השגיאה: {error}",
        "types": "תיקון שגיאות הטיפוסים",
        "lint": "תיקון הערות ה-linter",
        "build": "תיקון ה-build",
        "subagents": "חלוקת העבודה בין תת-סוכנים",
        "commit": "קומיט לשינויים",
        "commands": "הרצת פקודות",
        "search": "חיפוש בקוד",
        "web": "חיפוש מידע",
        "plan": "תוכנית",
        "images": "צילומי המסך",
        "talk": "התייעצות עם Claude",
        "start": "איך זה התחיל",
        "ended": "התוצאה",
        "idle": "אחרי הפסקה",
        "compaction": "אחרי דחיסת ההקשר",
        "resumed": "חזרה לסשן",
        "part": "חלק {n}",
        "project": "עבודה על {project}",
        "session": "עבודה עם Claude Code",
    },
    # (Greek declines the article with the noun: the file names stand after a colon)
    "el": {
        "migration": "το migration",
        "list": ", ",
        "edit": "Αλλαγές: {names}",
        "write": "Νέα αρχεία: {names}",
        "read": "Ανάγνωση: {names}",
        "and": " και ",
        "more": "{names} και άλλα",
        "tests": "Διόρθωση των tests",
        "error": "Διόρθωση του {error}",
        "types": "Διόρθωση σφαλμάτων τύπων",
        "lint": "Διόρθωση των παρατηρήσεων του linter",
        "build": "Διόρθωση του build",
        "subagents": "Μοιράζοντας τη δουλειά σε subagents",
        "commit": "Commit των αλλαγών",
        "commands": "Εκτέλεση εντολών",
        "search": "Ψάχνοντας στον κώδικα",
        "web": "Ψάχνοντας πληροφορίες",
        "plan": "Ένα σχέδιο",
        "images": "Τα στιγμιότυπα οθόνης",
        "talk": "Συζήτηση με τον Claude",
        "start": "Πώς ξεκίνησε",
        "ended": "Πού καταλήξαμε",
        "idle": "Μετά από ένα διάλειμμα",
        "compaction": "Μετά τη συμπίεση του context",
        "resumed": "Πίσω στη συνεδρία",
        "part": "Μέρος {n}",
        "project": "Δουλεύοντας στο {project}",
        "session": "Δουλεύοντας με το Claude Code",
    },
    "id": {
        "migration": "migrasi",
        "list": ", ",
        "edit": "Mengubah {names}",
        "write": "Membuat {names}",
        "read": "Membaca {names}",
        "and": " dan ",
        "more": "{names}, dan lainnya",
        "tests": "Membuat semua tes lolos",
        "error": "Membereskan {error}",
        "types": "Membuat pemeriksaan tipe lolos",
        "lint": "Membereskan peringatan linter",
        "build": "Membuat build berjalan",
        "subagents": "Membagi kerja ke subagen",
        "commit": "Meng-commit perubahan",
        "commands": "Menjalankan perintah",
        "search": "Menelusuri kode",
        "web": "Mencari referensi",
        "plan": "Menyusun rencana",
        "images": "Melihat tangkapan layar",
        "talk": "Berdiskusi dengan Claude",
        "start": "Awal mulanya",
        "ended": "Bagaimana akhirnya",
        "idle": "Setelah jeda",
        "compaction": "Setelah konteks dipadatkan",
        "resumed": "Melanjutkan sesi",
        "part": "Bagian {n}",
        "project": "Mengerjakan {project}",
        "session": "Bekerja dengan Claude Code",
    },
    # (Ukrainian declines a noun after a preposition: the file names stand after a colon)
    "uk": {
        "migration": "міграція",
        "list": ", ",
        "edit": "Зміни: {names}",
        "write": "Нові файли: {names}",
        "read": "Читання: {names}",
        "and": " і ",
        "more": "{names} та інші",
        "tests": "Виправлення тестів",
        "error": "Виправлення помилки {error}",
        "types": "Виправлення помилок типів",
        "lint": "Виправлення зауважень лінтера",
        "build": "Виправлення збірки",
        "subagents": "Розподіл роботи між субагентами",
        "commit": "Коміт змін",
        "commands": "Запуск команд",
        "search": "Пошук у коді",
        "web": "Пошук інформації",
        "plan": "План",
        "images": "Скриншоти",
        "talk": "Обговорення з Claude",
        "start": "З чого все почалося",
        "ended": "Чим усе закінчилося",
        "idle": "Після перерви",
        "compaction": "Після стискання контексту",
        "resumed": "Повернення до сесії",
        "part": "Частина {n}",
        "project": "Робота над {project}",
        "session": "Робота з Claude Code",
    },
    # (Persian, like Arabic: Latin file names and errors stand after a colon inside right-to-left text)
    "fa": {
        "migration": "مایگریشن",
        "list": "، ",
        "edit": "تغییرات: {names}",
        "write": "فایل‌های تازه: {names}",
        "read": "خواندن: {names}",
        "and": " و ",
        "more": "{names} و بقیه",
        "tests": "درست کردن تست‌ها",
        "error": "رفع خطا: {error}",
        "types": "رفع خطاهای نوع",
        "lint": "رفع ایرادهای لینتر",
        "build": "درست کردن بیلد",
        "subagents": "تقسیم کار بین زیرعامل‌ها",
        "commit": "کامیت تغییرات",
        "commands": "اجرای دستورها",
        "search": "جست‌وجو در کد",
        "web": "جست‌وجوی اطلاعات",
        "plan": "یک برنامه",
        "images": "اسکرین‌شات‌ها",
        "talk": "گفت‌وگو با Claude",
        "start": "از کجا شروع شد",
        "ended": "به کجا رسید",
        "idle": "بعد از یک وقفه",
        "compaction": "بعد از فشرده‌سازی کانتکست",
        "resumed": "بازگشت به جلسه",
        "part": "بخش {n}",
        "project": "کار روی {project}",
        "session": "کار با Claude Code",
    },
    "hi": {
        "migration": "माइग्रेशन",
        "list": ", ",
        "edit": "बदलाव: {names}",
        "write": "नई फ़ाइलें: {names}",
        "read": "पढ़ी गई फ़ाइलें: {names}",
        "and": " और ",
        "more": "{names} और अन्य",
        "tests": "टेस्ट पास कराना",
        "error": "{error} ठीक करना",
        "types": "टाइप चेक पास कराना",
        "lint": "लिंटर की शिकायतें दूर करना",
        "build": "बिल्ड ठीक करना",
        "subagents": "सब-एजेंटों में काम बाँटना",
        "commit": "बदलावों को कमिट करना",
        "commands": "कमांड चलाना",
        "search": "कोड में खोज",
        "web": "जानकारी जुटाना",
        "plan": "एक योजना",
        "images": "स्क्रीनशॉट देखना",
        "talk": "Claude से चर्चा",
        "start": "शुरुआत कहाँ से हुई",
        "ended": "नतीजा क्या रहा",
        "idle": "थोड़े ब्रेक के बाद",
        "compaction": "कॉन्टेक्स्ट कंप्रेस होने के बाद",
        "resumed": "सेशन फिर से शुरू",
        "part": "भाग {n}",
        "project": "{project} पर काम",
        "session": "Claude Code के साथ काम",
    },
    "th": {
        "migration": "ไมเกรชัน",
        "list": ", ",
        "edit": "แก้ไข {names}",
        "write": "สร้าง {names}",
        "read": "อ่าน {names}",
        "and": " และ ",
        "more": "{names} และไฟล์อื่น ๆ",
        "tests": "ทำให้เทสต์ผ่าน",
        "error": "แก้ {error}",
        "types": "ทำให้ผ่านการตรวจ type",
        "lint": "ทำให้ linter ผ่าน",
        "build": "ทำให้ build ผ่าน",
        "subagents": "แบ่งงานให้ subagent",
        "commit": "คอมมิตการเปลี่ยนแปลง",
        "commands": "รันคำสั่ง",
        "search": "ค้นหาในโค้ด",
        "web": "หาข้อมูล",
        "plan": "วางแผน",
        "images": "ดูภาพหน้าจอ",
        "talk": "คุยกับ Claude",
        "start": "จุดเริ่มต้น",
        "ended": "สรุปผล",
        "idle": "กลับมาทำต่อ",
        "compaction": "หลังบีบอัด context",
        "resumed": "กลับมาที่เซสชัน",
        "part": "ตอนที่ {n}",
        "project": "ทำงานกับ {project}",
        "session": "ทำงานกับ Claude Code",
    },
    # (Romanian, Hungarian and Finnish inflect a noun after a preposition or by a suffix: names after a colon)
    "ro": {
        "migration": "migrarea",
        "list": ", ",
        "edit": "Modificări: {names}",
        "write": "Fișiere noi: {names}",
        "read": "Lectură: {names}",
        "and": " și ",
        "more": "{names} și altele",
        "tests": "Repararea testelor",
        "error": "Rezolvarea erorii {error}",
        "types": "Repararea erorilor de tip",
        "lint": "Rezolvarea avertismentelor linterului",
        "build": "Repararea build-ului",
        "subagents": "Munca împărțită între subagenți",
        "commit": "Commit-ul modificărilor",
        "commands": "Rularea comenzilor",
        "search": "Căutare prin cod",
        "web": "Documentare",
        "plan": "Un plan",
        "images": "Capturile de ecran",
        "talk": "Discuție cu Claude",
        "start": "Cum a început",
        "ended": "Rezultatul",
        "idle": "După o pauză",
        "compaction": "După compactarea contextului",
        "resumed": "Înapoi în sesiune",
        "part": "Partea {n}",
        "project": "Lucru la {project}",
        "session": "Lucru cu Claude Code",
    },
    "hu": {
        "migration": "migráció",
        "list": ", ",
        "edit": "Módosítások: {names}",
        "write": "Új fájlok: {names}",
        "read": "Átnézve: {names}",
        "and": " és ",
        "more": "{names} és a többi",
        "tests": "A tesztek javítása",
        "error": "Hibajavítás: {error}",
        "types": "A típushibák javítása",
        "lint": "A linter hibáinak javítása",
        "build": "A build javítása",
        "subagents": "A munka szétosztása subagentek között",
        "commit": "A változások commitolása",
        "commands": "Parancsok futtatása",
        "search": "Keresés a kódban",
        "web": "Utánanézés",
        "plan": "Egy terv",
        "images": "Képernyőképek",
        "talk": "Megbeszélés Claude-dal",
        "start": "Hogyan kezdődött",
        "ended": "Az eredmény",
        "idle": "Egy kis szünet után",
        "compaction": "A kontextus tömörítése után",
        "resumed": "Vissza a munkamenethez",
        "part": "{n}. rész",
        "project": "Munka: {project}",
        "session": "Munka a Claude Code-dal",
    },
    "fi": {
        "migration": "migraatio",
        "list": ", ",
        "edit": "Muutokset: {names}",
        "write": "Uudet tiedostot: {names}",
        "read": "Luettu: {names}",
        "and": " ja ",
        "more": "{names} ym.",
        "tests": "Testien korjaaminen",
        "error": "Virheen korjaus: {error}",
        "types": "Tyyppivirheiden korjaaminen",
        "lint": "Linterin huomautusten korjaaminen",
        "build": "Buildin korjaaminen",
        "subagents": "Työt jaettuna aliagenteille",
        "commit": "Muutosten commitointi",
        "commands": "Komentojen ajaminen",
        "search": "Haku koodista",
        "web": "Tiedonhaku",
        "plan": "Suunnitelma",
        "images": "Kuvakaappaukset",
        "talk": "Keskustelu Clauden kanssa",
        "start": "Miten se alkoi",
        "ended": "Lopputulos",
        "idle": "Tauon jälkeen",
        "compaction": "Kontekstin tiivistämisen jälkeen",
        "resumed": "Takaisin sessioon",
        "part": "Osa {n}",
        "project": "Työn alla: {project}",
        "session": "Työskentelyä Claude Coden kanssa",
    },
    "da": {
        "migration": "migreringen",
        "list": ", ",
        "edit": "Ændringer i {names}",
        "write": "Nye filer: {names}",
        "read": "Gennemlæsning af {names}",
        "and": " og ",
        "more": "{names} m.fl.",
        "tests": "Få testene til at gå igennem",
        "error": "Af med {error}",
        "types": "Få typetjekket igennem",
        "lint": "Gøre linteren tilfreds",
        "build": "Få buildet til at virke",
        "subagents": "Arbejdet fordelt på subagenter",
        "commit": "Ændringerne committes",
        "commands": "Kommandoer køres",
        "search": "Søgning i koden",
        "web": "Opslag",
        "plan": "En plan",
        "images": "Skærmbillederne",
        "talk": "Snak med Claude",
        "start": "Sådan startede det",
        "ended": "Resultatet",
        "idle": "Efter en pause",
        "compaction": "Efter at konteksten blev komprimeret",
        "resumed": "Tilbage i sessionen",
        "part": "Del {n}",
        "project": "Arbejde på {project}",
        "session": "Arbejde med Claude Code",
    },
    # (Norwegian Bokmål: py3langid says `no`, a writer's own setting may say `nb`; both read this table)
    "no": {
        "migration": "migreringen",
        "list": ", ",
        "edit": "Endringer i {names}",
        "write": "Nye filer: {names}",
        "read": "Gjennomlesning av {names}",
        "and": " og ",
        "more": "{names} m.fl.",
        "tests": "Få testene til å gå gjennom",
        "error": "Å bli kvitt {error}",
        "types": "Få typesjekken gjennom",
        "lint": "Gjøre linteren fornøyd",
        "build": "Få bygget til å virke",
        "subagents": "Arbeidet fordelt på subagenter",
        "commit": "Endringene committes",
        "commands": "Kommandoer kjøres",
        "search": "Søk i koden",
        "web": "Undersøkelser",
        "plan": "En plan",
        "images": "Skjermbildene",
        "talk": "Samtale med Claude",
        "start": "Slik startet det",
        "ended": "Resultatet",
        "idle": "Etter en pause",
        "compaction": "Etter at konteksten ble komprimert",
        "resumed": "Tilbake i økten",
        "part": "Del {n}",
        "project": "Arbeid med {project}",
        "session": "Arbeid med Claude Code",
    },
    "ca": {
        "migration": "la migració",
        "list": ", ",
        "edit": "Canvis a {names}",
        "write": "Fitxers nous: {names}",
        "read": "Lectura de {names}",
        "and": " i ",
        "more": "{names} i altres",
        "tests": "Fer passar els tests",
        "error": "Desfer-se de {error}",
        "types": "Fer passar la comprovació de tipus",
        "lint": "Deixar content el linter",
        "build": "Fer funcionar la compilació",
        "subagents": "La feina repartida entre subagents",
        "commit": "El commit dels canvis",
        "commands": "Ordres executades",
        "search": "Cerca al codi",
        "web": "Recerca",
        "plan": "Un pla",
        "images": "Les captures de pantalla",
        "talk": "Conversa amb Claude",
        "start": "Com va començar",
        "ended": "Com va acabar",
        "idle": "Després d'una pausa",
        "compaction": "Després de compactar el context",
        "resumed": "De tornada a la sessió",
        "part": "Part {n}",
        "project": "Treball a {project}",
        "session": "Treball amb Claude Code",
    },
    "sw": {
        "migration": "uhamishaji",
        "list": ", ",
        "edit": "Mabadiliko katika {names}",
        "write": "Faili mpya: {names}",
        "read": "Kusoma {names}",
        "and": " na ",
        "more": "{names} na mengine",
        "tests": "Kufanya majaribio yapite",
        "error": "Kuondoa {error}",
        "types": "Kufanya ukaguzi wa aina upite",
        "lint": "Kuridhisha linter",
        "build": "Kufanya build ifanye kazi",
        "subagents": "Kazi iliyogawanywa kwa subagents",
        "commit": "Kufanya commit ya mabadiliko",
        "commands": "Kuendesha amri",
        "search": "Kutafuta kwenye msimbo",
        "web": "Utafiti",
        "plan": "Mpango",
        "images": "Picha za skrini",
        "talk": "Mazungumzo na Claude",
        "start": "Jinsi ilivyoanza",
        "ended": "Jinsi ilivyoishia",
        "idle": "Baada ya mapumziko",
        "compaction": "Baada ya muktadha kubanwa",
        "resumed": "Kurudi kwenye kikao",
        "part": "Sehemu ya {n}",
        "project": "Kazi kwenye {project}",
        "session": "Kazi na Claude Code",
    },
    "tl": {
        "migration": "ang migration",
        "list": ", ",
        "edit": "Mga pagbabago sa {names}",
        "write": "Mga bagong file: {names}",
        "read": "Pagbasa ng {names}",
        "and": " at ",
        "more": "{names} at iba pa",
        "tests": "Pagpapasa sa mga test",
        "error": "Pag-alis ng {error}",
        "types": "Pagpapasa sa type check",
        "lint": "Pagpapasa sa linter",
        "build": "Pagpapagana ng build",
        "subagents": "Trabahong hinati sa mga subagent",
        "commit": "Pag-commit ng mga pagbabago",
        "commands": "Pagpapatakbo ng mga command",
        "search": "Paghahanap sa code",
        "web": "Pananaliksik",
        "plan": "Isang plano",
        "images": "Ang mga screenshot",
        "talk": "Pag-uusap kasama si Claude",
        "start": "Paano nagsimula",
        "ended": "Paano natapos",
        "idle": "Pagkatapos ng pahinga",
        "compaction": "Pagkatapos i-compact ang context",
        "resumed": "Pagbalik sa session",
        "part": "Bahagi {n}",
        "project": "Trabaho sa {project}",
        "session": "Trabaho kasama ang Claude Code",
    },
    "sk": {
        "migration": "migrácia",
        "list": ", ",
        "edit": "Zmeny: {names}",
        "write": "Nové súbory: {names}",
        "read": "Čítanie: {names}",
        "and": " a ",
        "more": "{names} a ďalšie",
        "tests": "Aby testy prešli",
        "error": "Odstránenie chyby {error}",
        "types": "Aby prešla kontrola typov",
        "lint": "Aby bol linter spokojný",
        "build": "Aby build fungoval",
        "subagents": "Práca rozdelená medzi subagentov",
        "commit": "Commit zmien",
        "commands": "Spúšťanie príkazov",
        "search": "Hľadanie v kóde",
        "web": "Hľadanie informácií",
        "plan": "Plán",
        "images": "Snímky obrazovky",
        "talk": "Rozhovor s Claudom",
        "start": "Začiatok",
        "ended": "Výsledok",
        "idle": "Po prestávke",
        "compaction": "Po skomprimovaní kontextu",
        "resumed": "Späť v relácii",
        "part": "Časť {n}",
        "project": "Práca na {project}",
        "session": "Práca s Claude Code",
    },
    "hr": {
        "migration": "migracija",
        "list": ", ",
        "edit": "Izmjene: {names}",
        "write": "Nove datoteke: {names}",
        "read": "Čitanje: {names}",
        "and": " i ",
        "more": "{names} i ostale",
        "tests": "Da testovi prođu",
        "error": "Uklanjanje greške {error}",
        "types": "Da provjera tipova prođe",
        "lint": "Da linter bude zadovoljan",
        "build": "Da build proradi",
        "subagents": "Posao podijeljen među subagentima",
        "commit": "Commit izmjena",
        "commands": "Pokretanje naredbi",
        "search": "Pretraživanje koda",
        "web": "Istraživanje",
        "plan": "Plan rada",
        "images": "Snimke zaslona",
        "talk": "Razgovor s Claudeom",
        "start": "Kako je počelo",
        "ended": "Kako je završilo",
        "idle": "Nakon stanke",
        "compaction": "Nakon sažimanja konteksta",
        "resumed": "Povratak u sesiju",
        "part": "Dio {n}",
        "project": "Rad na {project}",
        "session": "Rad s Claude Code",
    },
}

# A stretch that fixed something and says nothing better of it than the files it changed: the kind of stretch, in
# each language, before a bare list of files ("Der Fix", not "Änderungen an a.yaml, b.yaml und weitere")
FIX = "The fix"
FIX_WORDS = {
    "ja": "修正", "zh-Hans": "修复", "zh-Hant": "修正", "ko": "수정", "es": "La corrección", "pt": "A correção",
    "fr": "Le correctif", "de": "Der Fix", "it": "La correzione", "ru": "Исправление", "vi": "Bản sửa lỗi",
    "nl": "De oplossing", "pl": "Poprawka", "tr": "Düzeltme", "sv": "Rättelsen", "cs": "Oprava", "ar": "الإصلاح",
    "he": "התיקון", "el": "Η διόρθωση", "id": "Perbaikannya", "uk": "Виправлення", "fa": "رفع مشکل", "hi": "सुधार",
    "th": "การแก้ไข", "ro": "Remedierea", "hu": "A javítás", "fi": "Korjaus", "da": "Rettelsen", "no": "Rettingen",
    "ca": "La correcció", "sw": "Marekebisho", "tl": "Ang pag-aayos", "sk": "Oprava", "hr": "Popravak",
}  # fmt: skip

# Commands run, named by their programs and objects ("./gradlew test" -> "gradlew test 실행"), when no word of
# retell's says what they were for: "Running commands" heads any stretch (judged unusable on fresh12)
RAN_WORDS = {
    "en": "Running {programs}", "ja": "{programs} を実行", "zh-Hans": "运行 {programs}", "zh-Hant": "執行 {programs}",
    "ko": "{programs} 실행", "es": "Ejecutando {programs}", "pt": "Rodando {programs}", "fr": "Lancer {programs}",
    "it": "Eseguire {programs}", "ru": "Запуск {programs}", "vi": "Chạy {programs}", "de": "{programs} ausführen",
    "nl": "{programs} uitvoeren", "pl": "Uruchamianie {programs}", "tr": "{programs} çalıştırmak",
    "sv": "{programs} körs", "cs": "Spouštění {programs}", "ar": "تشغيل {programs}", "he": "הרצת {programs}",
    "el": "Εκτέλεση {programs}", "id": "Menjalankan {programs}", "uk": "Запуск {programs}", "fa": "اجرای {programs}",
    "hi": "{programs} चलाना", "th": "รัน {programs}", "ro": "Rularea {programs}", "hu": "{programs} futtatása",
    "fi": "{programs} ajaminen", "da": "{programs} køres", "no": "{programs} kjøres", "ca": "Executant {programs}",
    "sw": "Kuendesha {programs}", "tl": "Pagpapatakbo ng {programs}", "sk": "Spúšťanie {programs}",
    "hr": "Pokretanje {programs}",
}  # fmt: skip
RAN_PROGRAMS = 2  # the most programs a heading names
_OBJECT = re.compile(r"^:?[A-Za-z][\w.:-]{0,30}$")  # a subcommand or a file ("test", ":app:check", "export.py")


def ran_programs(events: Sequence[Event], language: str | None) -> str:
    """The commands a stretch ran, by program and object, in the post's language ("gradlew test 실행"); ""."""
    from retell.extract.shellwords import past_wrappers
    from retell.extract.tools import command_target, program_of

    key = table_key(language) if language and knows(language) else "en"
    said: list[str] = []
    for event in events:
        for call in event.calls or () if event.kind == TOOL_RUN and not event.sidechain else ():
            program = program_of(call.target or "") if family(call.name) == "bash" else None
            if not program or program in ("git", "cat", "ls", "head", "tail", "grep", "rg", "find", "sed", "cp", "mv"):
                continue  # (what only looks or moves files names no step of its own)
            words = past_wrappers(command_target(call.target or "").split())[1:]
            words = [w for w in words if not w.startswith("-")][:1]
            named = f"{program} {words[0]}" if words and _OBJECT.match(words[0]) else program
            if program in ("python", "python3", "node") and named == program:
                continue  # (an inline script: the interpreter alone says nothing)
            said.append(named)
    if not said:
        return ""
    chosen = sorted(dict.fromkeys(said), key=lambda n: (-said.count(n), said.index(n)))[:RAN_PROGRAMS]
    words_of = WORDS.get(key) or {}
    joiner = words_of.get("and", " and ")
    return RAN_WORDS.get(key, RAN_WORDS["en"]).format(programs=joiner.join(chosen))


# An error named by its name alone ("AssertionError", "ENOENT", "TS2345", "502 Bad Gateway")
ERROR_NAME = (
    r"[A-Z][A-Za-z]*(?:Error|Exception)|E[A-Z]{3,}|TS\d{4}|E\d{4}|[45]\d\d(?: [A-Z][a-z]+)+|OOMKilled|CrashLoopBackOff"
)

# The English headings retell makes up, by kind (headings.py, triage's fallbacks)
_KINDS = [
    (r"^The fix$", "fix"),
    (r"^(?:Changing|Back to|Editing) ", "edit"),
    (r"^Writing ", "write"),
    (r"^Reading ", "read"),
    (r"^Setting (?P<name>\S+) to (?P<value>\S+)$", "set"),
    (r"^Getting the tests to pass$", "tests"),
    (rf"^Fixing the (?P<error>{ERROR_NAME})$", "error"),
    (r"^Getting the type checker to pass$", "types"),
    (r"^Getting the linters to pass$", "lint"),
    (r"^Getting the build to work$", "build"),
    (r"(?:with (?:a )?subagents?|^Sending out subagents)$", "subagents"),
    (r"^Searching the code$", "search"),
    (r"^Running commands$", "commands"),
    (r"^Committing(?: the work| and pushing(?: the work)?)?$", "commit"),
    (r"^Looking things up$", "web"),
    (r"^Making a plan(?: for .+)?$", "plan"),
    (r"^Looking at screenshots(?: of .+)?$|^What the screenshots showed$", "images"),
    (r"^Talking it through with Claude$", "talk"),
    (r"^Where it started$", "start"),
    (r"^Where it ended$", "ended"),
    (r"^Coming back to it$", "idle"),
    (r"^After the context was compacted$", "compaction"),
    (r"^Picking the session up again$", "resumed"),
    (r"^Part (\d+)$", "part"),
]


def table_key(language: str) -> str:
    """`zh-Hans`, `zh-Hant`, or the language's first part, lower case (as retell/write/locales.py reads it)."""
    parts = language.replace("_", "-").lower().split("-")
    if parts[0] == "zh":
        return "zh-Hant" if any(p in _HANT_REGIONS for p in parts[1:]) else "zh-Hans"
    return _ALIASES.get(parts[0], parts[0]) or "en"


def knows(language: str | None) -> bool:
    return bool(language) and table_key(language or "") in WORDS


# The script a language is written in, for the languages retell heads in that are not written in Latin letters
_SCRIPTS = {
    "ja": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]"),
    "zh-Hans": re.compile(r"[\u4e00-\u9fff]"),
    "zh-Hant": re.compile(r"[\u4e00-\u9fff]"),
    "ko": re.compile(r"[\uac00-\ud7af]"),
    "ru": re.compile(r"[\u0400-\u04ff]"),
    "ar": re.compile(r"[\u0600-\u06ff]"),
    "fa": re.compile(r"[\u0600-\u06ff]"),
    "he": re.compile(r"[\u0590-\u05ff]"),
    "el": re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]"),
    "uk": re.compile(r"[\u0400-\u04ff]"),
    "hi": re.compile(r"[\u0900-\u097f]"),
    "th": re.compile(r"[\u0e00-\u0e7f]"),
}


def written_apart(language: str | None) -> bool:
    """Whether a language is written in a script of its own (see _SCRIPTS), not in Latin letters."""
    return bool(language) and knows(language) and table_key(language or "") in _SCRIPTS


# Letters of those scripts: a heading holding them is no Latin-lettered language's
_NOT_LATIN = r"[\u0370-\u03ff\u0400-\u04ff\u0590-\u05ff\u0600-\u06ff\u0900-\u097f\u0e00-\u0e7f]"


def fits_language(text: str, language: str | None) -> bool:
    """Whether a title or heading can stand as it is in a post in `language`: written in its script, and for a
    language of Latin letters other than English, not English ("Opening GeoIP reader once" heads no German post).
    An English post takes any (its authors name things in every language); a language retell has no words for
    is not judged."""
    if not text or not language or not knows(language) or table_key(language) == "en":
        return True
    from retell.extract.typos import in_english

    script = _SCRIPTS.get(table_key(language))
    if script is not None:
        return bool(script.search(text))
    english = in_english(text) and (bool(re.search(_ENGLISH_FORM, text)) or _english_words(text, table_key(language)))
    return not _CJK.search(text) and not re.search(_NOT_LATIN, text) and not english


# Languages of Latin letters whose dictionary is at hand (pyspellchecker's), to weigh a text's words against English
_DICTIONARIES = frozenset({"es", "fr", "it", "pt", "de", "nl"})


def in_own_words(text: str, language: str | None) -> bool:
    """Whether a text is in `language` by its words, not only not English by its form: a text of Latin letters on a
    post in a language retell has a dictionary of holds more words only that language knows than only English
    knows ("maakt nooit twee reserveringen…" on a Dutch post; not "uses ttl in milliseconds" on a Turkish one, whose
    letters no dictionary here reads: a text in doubt is not)."""
    if not language or table_key(language) == "en":
        return True
    key = table_key(language)
    if key in _SCRIPTS:
        return fits_language(text, language)
    if key not in _DICTIONARIES:
        return False
    words = list(re.findall(r"[^\W\d_]{3,}", text.lower()))
    english, local = _dictionary("en"), _dictionary(key)
    only_english = sum(w in english and w not in local for w in words)
    only_local = sum(w in local and w not in english for w in words)
    return only_local > only_english


ENGLISH_SHARE = 0.7  # of a text's words, those English's dictionary knows: an English text


def reads_english(text: str) -> bool:
    """Whether a text of Latin letters is English by its words: ENGLISH_SHARE of its words of three letters or more
    are in English's dictionary ("fix deadlock on large batches, add --limit flag"; not "no_grad i straty jako
    float", whatever language retell has no dictionary of)."""
    words = re.findall(r"[^\W\d_]{3,}", text.lower())
    if not words or any(not w.isascii() for w in words):
        return False
    english = _dictionary("en")
    return sum(w in english for w in words) >= ENGLISH_SHARE * len(words)


def _english_words(text: str, language: str) -> bool:
    """Whether a text with no English function word still reads as English to a reader of `language`: two of its
    words or more only English knows, more than only that language knows ("Support multiple authors per book"
    on a French post: "authors", "per", "book"; "Plusieurs auteurs par livre": none)."""
    if language not in _DICTIONARIES:
        return False
    words = list(re.findall(r"[^\W\d_]{3,}", text.lower()))
    if len(words) < 3:
        return False
    english, local = _dictionary("en"), _dictionary(language)
    only_english = sum(w in english and w not in local for w in words)
    only_local = sum(w in local and w not in english for w in words)
    return only_english >= 2 and only_english > only_local


def no_word_of(text: str, language: str | None) -> bool:
    """Whether a short title of Latin letters holds no word of the post's language and one or more only English
    knows ("Limiter mutex review" on a Dutch post): Claude Code's title, too short for _english_words to weigh,
    said in English. Only for the languages whose dictionary is at hand."""
    from retell.extract.typos import foreign_words

    key = table_key(language) if language else ""
    if key not in _DICTIONARIES or _CJK.search(text) or re.search(_NOT_LATIN, text) or foreign_words(text):
        return False  # (a function word of another language, "di", "con", is the post's language's)
    words = list(re.findall(r"[^\W\d_]{2,}", text.lower()))  # ("di", "de", "na": a short word of the language counts)
    if len([w for w in words if len(w) >= 3]) < 2:
        return False
    english, local = _dictionary("en"), _dictionary(key)
    only_english = sum(w in english and w not in local for w in words if len(w) >= 3)
    return only_english >= 1 and not any(w in local and w not in english for w in words)


# Languages of Latin letters with letters English does not write, whose words retell has no dictionary for
_MARKED_LATIN = frozenset(
    {"hu", "cs", "sk", "pl", "ro", "tr", "vi", "sv", "da", "no", "fi", "et", "lv", "lt", "hr", "sl"}
)


def english_on(text: str, language: str | None) -> bool:
    """Whether a heading of Latin letters is English on a post in a language written with marks English has not
    ("Docker: multi-stage slim image" on a Hungarian post): no such mark in it, three words or more of English's
    dictionary, three quarters of its lower-case words or more ("multi" is no word of it; "Docker" is a name)."""
    key = table_key(language) if language else ""
    if key not in _MARKED_LATIN or re.search(r"[^\x00-\x7f]", text):
        return False
    words = [w for w in re.findall(r"[A-Za-z]{3,}", text) if not w[:1].isupper()]
    english = _dictionary("en")
    known = sum(w.lower() in english for w in words)
    return known >= 3 and 4 * known >= 3 * len(words)  # (two short words, "durum var", are any language's)


@lru_cache(maxsize=8)
def _dictionary(language: str) -> Any:
    from spellchecker import SpellChecker  # (loaded when a title's language is in doubt, not for every post)

    return SpellChecker(language=language)


# English by its form: retell's own -ing opening, or a function word ("GitHub Actions" is no language's)
_ENGLISH_FORM = r"^[A-Z][a-z]+ing\b|(?i:\b(?:the|and|to|of|for|with|from|into|once|up)\b)"


# A setting changed ("Setting ENABLE_USER_SCRIPT_SANDBOXING to NO"), in each language
_SET = {
    "ja": "{name} を {value} に設定",
    "zh-Hans": "将 {name} 设为 {value}",
    "zh-Hant": "將 {name} 設為 {value}",
    "ko": "{name} 값을 {value}(으)로 설정",
    "es": "Configurar {name} a {value}",
    "pt": "Definir {name} como {value}",
    "fr": "Passer {name} à {value}",
    "de": "{name} auf {value} setzen",
    "it": "Impostare {name} a {value}",
    "ru": "Установка {name} в {value}",
    "vi": "Đặt {name} thành {value}",
    "nl": "{name} op {value} zetten",
    "pl": "Ustawienie {name} na {value}",
    "tr": "{name} değerini {value} yapma",
    "sv": "Sätta {name} till {value}",
    "cs": "Nastavení {name} na {value}",
    "ar": "ضبط {name} على {value}",
    "he": "הגדרת {name} ל-{value}",
    "el": "Ρύθμιση του {name} σε {value}",
    "id": "Mengatur {name} ke {value}",
    "uk": "Встановлення {name} у {value}",
    "fa": "تنظیم {name} روی {value}",
    "hi": "{name} को {value} पर सेट करना",
    "th": "ตั้ง {name} เป็น {value}",
    "ro": "Setarea {name} la {value}",
    "hu": "{name} beállítása: {value}",
    "fi": "{name} asetettu arvoon {value}",
    "da": "Sætte {name} til {value}",
    "no": "Sette {name} til {value}",
    "ca": "Posar {name} a {value}",
    "sw": "Kuweka {name} kuwa {value}",
    "tl": "Pagtakda ng {name} sa {value}",
    "sk": "Nastavenie {name} na {value}",
    "hr": "Postavljanje {name} na {value}",
}

# A change said in English ("Adding RPM/TPM token-bucket limiter, …"), its verb in each language: a commit's
# title in English on a Chinese post is said "添加 RPM/TPM token-bucket limiter", its object kept as written
_DEED_VERBS: dict[str, tuple[str, str, str, str]] = {  # add, fix, remove, update
    "ja": ("{what} を追加", "{what} を修正", "{what} を削除", "{what} を更新"),
    "zh-Hans": ("添加 {what}", "修复 {what}", "移除 {what}", "更新 {what}"),
    "zh-Hant": ("新增 {what}", "修正 {what}", "移除 {what}", "更新 {what}"),
    "ko": ("{what} 추가", "{what} 수정", "{what} 제거", "{what} 업데이트"),
    "es": ("Añadir {what}", "Corregir {what}", "Quitar {what}", "Actualizar {what}"),
    "pt": ("Adicionar {what}", "Corrigir {what}", "Remover {what}", "Atualizar {what}"),
    "fr": ("Ajouter {what}", "Corriger {what}", "Supprimer {what}", "Mettre à jour {what}"),
    "de": ("{what} hinzufügen", "{what} beheben", "{what} entfernen", "{what} aktualisieren"),
    "it": ("Aggiungere {what}", "Correggere {what}", "Rimuovere {what}", "Aggiornare {what}"),
    "ru": ("Добавление {what}", "Исправление {what}", "Удаление {what}", "Обновление {what}"),
    "vi": ("Thêm {what}", "Sửa {what}", "Bỏ {what}", "Cập nhật {what}"),
    "nl": ("{what} toevoegen", "{what} repareren", "{what} verwijderen", "{what} bijwerken"),
    "pl": ("Dodanie {what}", "Naprawa {what}", "Usunięcie {what}", "Aktualizacja {what}"),
    "tr": ("{what} ekleme", "{what} düzeltme", "{what} kaldırma", "{what} güncelleme"),
    "sv": ("Lägga till {what}", "Rätta {what}", "Ta bort {what}", "Uppdatera {what}"),
    "cs": ("Přidání {what}", "Oprava {what}", "Odstranění {what}", "Aktualizace {what}"),
    "ar": ("إضافة {what}", "إصلاح {what}", "إزالة {what}", "تحديث {what}"),
    "he": ("הוספת {what}", "תיקון {what}", "הסרת {what}", "עדכון {what}"),
    "el": ("Προσθήκη {what}", "Διόρθωση {what}", "Αφαίρεση {what}", "Ενημέρωση {what}"),
    "id": ("Menambahkan {what}", "Memperbaiki {what}", "Menghapus {what}", "Memperbarui {what}"),
    "uk": ("Додавання {what}", "Виправлення {what}", "Видалення {what}", "Оновлення {what}"),
    "fa": ("افزودن {what}", "رفع {what}", "حذف {what}", "به‌روزرسانی {what}"),
    "hi": ("{what} जोड़ना", "{what} ठीक करना", "{what} हटाना", "{what} अपडेट करना"),
    "th": ("เพิ่ม {what}", "แก้ {what}", "ลบ {what}", "อัปเดต {what}"),
    "ro": ("Adăugare {what}", "Reparare {what}", "Eliminare {what}", "Actualizare {what}"),
    "hu": ("{what} hozzáadása", "{what} javítása", "{what} eltávolítása", "{what} frissítése"),
    "fi": ("Lisätty {what}", "Korjattu {what}", "Poistettu {what}", "Päivitetty {what}"),
    "da": ("Tilføje {what}", "Rette {what}", "Fjerne {what}", "Opdatere {what}"),
    "no": ("Legge til {what}", "Rette {what}", "Fjerne {what}", "Oppdatere {what}"),
    "ca": ("Afegir {what}", "Corregir {what}", "Treure {what}", "Actualitzar {what}"),
    "sw": ("Kuongeza {what}", "Kurekebisha {what}", "Kuondoa {what}", "Kusasisha {what}"),
    "tl": ("Pagdagdag ng {what}", "Pag-ayos ng {what}", "Pag-alis ng {what}", "Pag-update ng {what}"),
    "sk": ("Pridanie {what}", "Oprava {what}", "Odstránenie {what}", "Aktualizácia {what}"),
    "hr": ("Dodavanje {what}", "Popravak {what}", "Uklanjanje {what}", "Ažuriranje {what}"),
}
_DEED = re.compile(
    r"^(?P<verb>Adding|Introducing|Fixing|Repairing|Removing|Dropping|Deleting|Updating|Bumping|Upgrading) "
    r"(?:the |a |an )?(?P<what>[^,:;]+?)(?=,| and | to | in | for |$)"
)
# A move from one thing to another ("Migrating Room to KSP"), said in each language with both names as written
_MOVE = {
    "ja": "{what} を {to} に移行",
    "zh-Hans": "将 {what} 迁移到 {to}",
    "zh-Hant": "將 {what} 遷移到 {to}",
    "ko": "{what} → {to} 전환",
    "es": "Migrar {what} a {to}",
    "pt": "Migrar {what} para {to}",
    "fr": "Migrer {what} vers {to}",
    "de": "{what} auf {to} umstellen",
    "it": "Migrare {what} a {to}",
    "ru": "Перевод {what} на {to}",
    "vi": "Chuyển {what} sang {to}",
    "nl": "{what} naar {to} migreren",
    "pl": "Migracja {what} na {to}",
    "tr": "{what} → {to} geçişi",
    "sv": "Flytta {what} till {to}",
    "cs": "Převod {what} na {to}",
    "ar": "ترحيل {what} إلى {to}",
    "he": "מעבר של {what} ל-{to}",
    "el": "Μετάβαση του {what} σε {to}",
    "id": "Migrasi {what} ke {to}",
    "uk": "Перехід {what} на {to}",
    "fa": "مهاجرت {what} به {to}",
    "hi": "{what} को {to} पर ले जाना",
    "th": "ย้าย {what} ไปใช้ {to}",
    "ro": "Migrarea {what} la {to}",
    "hu": "{what} átállítása: {to}",
    "fi": "Siirtyminen: {what} → {to}",
    "da": "Flytte {what} til {to}",
    "no": "Flytte {what} til {to}",
    "ca": "Migrar {what} a {to}",
    "sw": "Kuhamisha {what} kwenda {to}",
    "tl": "Paglipat ng {what} sa {to}",
    "sk": "Prechod {what} na {to}",
    "hr": "Prelazak s {what} na {to}",
}
_MOVED = re.compile(
    r"^(?:Migrating|Moving|Switching|Porting) (?:the )?(?P<what>[^,:;]+?) (?:to|onto) (?P<to>[^,:;]+?)(?=,| and |$)"
)
_SAID_IN_ENGLISH = r"(?i)\b(?:the|a|an|of|with|from|into|once|up|by|on|at|it|this|to|for|and)\b"


_VERB_OF = {"Adding": 0, "Introducing": 0, "Fixing": 1, "Repairing": 1, "Removing": 2, "Dropping": 2, "Deleting": 2,
            "Updating": 3, "Bumping": 3, "Upgrading": 3}  # fmt: skip


def deed_in_language(phrase: str, language: str | None) -> str:
    """An English change ("Adding RPM/TPM token-bucket limiter, capping concurrency") said in the post's
    language with its first object as written ("添加 RPM/TPM token-bucket limiter"); "" when its verb is not one
    of the table's, its object is long or holds English words a reader of that language would trip on."""
    verbs = _DEED_VERBS.get(table_key(language)) if language else None
    moved = _MOVED.match(phrase)
    if verbs and moved and table_key(language or "") in _MOVE:  # "Migrating Room to KSP": "Room auf KSP umstellen"
        what, to = moved.group("what").strip(), moved.group("to").strip()
        if all(len(n.split()) <= 3 and not re.search(_SAID_IN_ENGLISH, n) for n in (what, to)):
            made = _MOVE[table_key(language or "")].format(what=what, to=to)
            return made[:1].upper() + made[1:]
    deed = _DEED.match(phrase)
    if not verbs or not deed:
        return ""
    what = deed.group("what").strip()
    english = r"(?i)\b(?:the|of|with|from|into|once|up|by|on|at|it|this|to|for|in)\b"
    if len(what.split()) > 4 or re.search(english, what):
        return ""
    made = verbs[_VERB_OF[deed.group("verb")]].format(what=what)
    return made[:1].upper() + made[1:]


def in_language(heading: str, events: Sequence[Event], language: str | None) -> str:
    """`heading` in the post's language when retell made it up in English (see _KINDS); the heading as it was
    when it is the author's words, already in the language, or the language is not in the table."""
    if not heading or not language or not knows(language) or _CJK.search(heading):
        return heading
    words = WORDS[table_key(language)]
    for pattern, kind in _KINDS:
        match = re.search(pattern, heading)
        if not match:
            continue
        if kind in ("edit", "write", "read"):
            names = _names(events, kind, language)
            if not names:
                return words["talk"]
            # no space between two CJK words ("ほか の変更" -> "ほかの変更"); one beside a file name stays
            made = re.sub(
                r"(?<=[\u3040-\u30ff\u4e00-\u9fff]) (?=[\u3040-\u30ff\u4e00-\u9fff])",
                "",
                words[kind].format(names=_listed(names, words)),
            )
            # "an die Migration", "em a migração": the article after a preposition takes its case or contraction
            made = re.sub(r"\ban die Migration\b", "an der Migration", re.sub(r"\bem a\b", "na", made))
            made = re.sub(
                r"\ba la migrazione\b", "alla migrazione", re.sub(r"\bdi la migrazione\b", "della migrazione", made)
            )
            made = re.sub(r"(?:(?<=\b[Вв] )|(?<=Создание )|(?<=Чтение ))миграция", "миграции", made)
            if made.startswith(words["migration"]):  # "die Migration neu anlegen" opens the heading (not "m0.py")
                made = made[:1].upper() + made[1:]
            return made
        if kind == "fix":
            return FIX_WORDS.get(table_key(language), heading)
        if kind == "part":
            return words["part"].format(n=match.group(1))
        if kind == "set":  # the setting and its value keep their spelling: "ENABLE_X を NO に設定"
            return _SET[table_key(language)].format(name=match.group("name"), value=match.group("value"))
        if kind == "error":  # the error keeps its name: "ConnectionResetError の解消"
            return words["error"].format(error=match.group("error"))
        if kind == "commands":
            return ran_programs(events, language) or words[kind]
        return words[kind]
    if re.match(r"[A-Z][a-z]+ing\b", heading) and not fits_language(heading, language) and _only_ran(events):
        # retell's words for commands run ("Running the tests"), in the post's language, with what they ran
        return ran_programs(events, language) or words["commands"]
    if table_key(language) not in _CJK_TABLES:
        return heading  # in a language of Latin letters an unknown heading is the author's own words: kept
    # another heading of retell's own (commands run, a look around) or the author's English words
    return (ran_programs(events, language) or words["commands"]) if _ran_commands(events) else words["talk"]


def project_title(project: str | None, language: str | None) -> str | None:
    """The plain title of a session named only by its project, in the post's language (None: English)."""
    if not knows(language):
        return None
    words = WORDS[table_key(language or "")]
    return words["project"].format(project=project) if project else words["session"]


def _names(events: Sequence[Event], kind: str, language: str | None = None) -> list[str]:
    kinds = ("edit", "write") if kind == "edit" else (kind,)
    migration = WORDS[table_key(language)]["migration"] if language and knows(language) else "the migration"
    return list(
        dict.fromkeys(
            migration if MIGRATION.match(name := re.split(r"[\\/]", c.target.rstrip("/\\"))[-1]) else name
            for e in events
            if e.kind == TOOL_RUN and not e.sidechain
            for c in e.calls or ()
            if family(c.name) in kinds and c.target and "/.claude/plans/" not in c.target.replace("\\", "/")
        )
    )


def _listed(names: list[str], words: dict[str, str]) -> str:
    if len(names) <= 2:
        return words["and"].join(names)
    # "a.py, b.py und weitere", not "a.py und b.py und weitere": a list that goes on is joined by its comma
    return words["more"].format(names=words.get("list", words["and"]).join(names[:2]))


def _only_ran(events: Sequence[Event]) -> bool:
    """Whether a stretch ran commands and changed no file."""
    kinds = {family(c.name) for e in events if e.kind == TOOL_RUN and not e.sidechain for c in e.calls or ()}
    return "bash" in kinds and not kinds & {"edit", "write"}


def _ran_commands(events: Sequence[Event]) -> bool:
    return any(family(c.name) == "bash" for e in events if e.kind == TOOL_RUN for c in e.calls or ())
