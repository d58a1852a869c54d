<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
    <context>
        <name>ArchiveBrowser</name>
        <message numerus="yes">
            <source>%n document(s)</source>
            <translation>
                <numerusform>%n document</numerusform>
                <numerusform>%n documents</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Delete %n document(s) from the archive, with their text and fingerprints? This cannot be undone.</source>
            <translation>
                <numerusform>Delete %n document from the archive, with its text and fingerprints? This cannot be undone.</numerusform>
                <numerusform>Delete %n documents from the archive, with their text and fingerprints? This cannot be undone.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Removing %n document(s)…</source>
            <translation>
                <numerusform>Removing %n document…</numerusform>
                <numerusform>Removing %n documents…</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ArchiveController</name>
        <message numerus="yes">
            <source>Label for these %n document(s) (e.g. class and term):</source>
            <translation>
                <numerusform>Label for the %n document (e.g. class and term):</numerusform>
                <numerusform>Label for these %n documents (e.g. class and term):</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>CompareView</name>
        <message numerus="yes">
            <source>Hamming distance %1 · similarity %2 · %n passage(s), longest %3 characters</source>
            <translation>
                <numerusform>Hamming distance %1 · similarity %2 · %n passage, longest %3 characters</numerusform>
                <numerusform>Hamming distance %1 · similarity %2 · %n passages, longest %3 characters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source> · translation: %1 of the sentences, %n sentence pair(s)</source>
            <translation>
                <numerusform> · translation: %1 of the sentences, %n sentence pair</numerusform>
                <numerusform> · translation: %1 of the sentences, %n sentence pairs</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source> · paraphrase: %1 of the sentences, %n sentence pair(s)</source>
            <translation>
                <numerusform> · paraphrase: %1 of the sentences, %n sentence pair</numerusform>
                <numerusform> · paraphrase: %1 of the sentences, %n sentence pairs</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n passage(s)</source>
            <translation>
                <numerusform>%n passage</numerusform>
                <numerusform>%n passages</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>GroupsView</name>
        <message numerus="yes">
            <source>%n document(s)</source>
            <translation>
                <numerusform>%n document</numerusform>
                <numerusform>%n documents</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message numerus="yes">
            <source>Removed %n document(s)</source>
            <translation>
                <numerusform>Removed %n document</numerusform>
                <numerusform>Removed %n documents</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n document(s) ready to check</source>
            <translation>
                <numerusform>%n document ready to check</numerusform>
                <numerusform>%n documents ready to check</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Messages</name>
        <message numerus="yes">
            <source>%n file(s) could not be read and will be left out of the check. The other documents are not affected.</source>
            <translation>
                <numerusform>%n file could not be read and will be left out of the check. The other documents are not affected.</numerusform>
                <numerusform>%n files could not be read and will be left out of the check. The other documents are not affected.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>PairModel</name>
        <message numerus="yes">
            <source>%n matched passage(s)</source>
            <translation>
                <numerusform>%n matched passage</numerusform>
                <numerusform>%n matched passages</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n sentence pair(s) aligned by meaning</source>
            <translation>
                <numerusform>%n sentence pair aligned by meaning</numerusform>
                <numerusform>%n sentence pairs aligned by meaning</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>PairTable</name>
        <message numerus="yes">
            <source>%n document(s) loaded and not checked yet. Press Check (Ctrl+R) to find copied passages.</source>
            <translation>
                <numerusform>%n document loaded and not checked yet. Press Check (Ctrl+R) to find copied passages.</numerusform>
                <numerusform>%n documents loaded and not checked yet. Press Check (Ctrl+R) to find copied passages.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Session</name>
        <message numerus="yes">
            <source>At least two readable documents are needed for a check (the template does not count); %n readable now.</source>
            <translation>
                <numerusform>At least two readable documents are needed for a check (the template does not count); %n readable now.</numerusform>
                <numerusform>At least two readable documents are needed for a check (the template does not count); %n readable now.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SharedTextView</name>
        <message numerus="yes">
            <source>and %n more</source>
            <translation>
                <numerusform>and %n more</numerusform>
                <numerusform>and %n more</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>StatusArea</name>
        <message numerus="yes">
            <source>%n document(s)</source>
            <translation>
                <numerusform>%n document</numerusform>
                <numerusform>%n documents</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n unreadable</source>
            <translation>
                <numerusform>%n unreadable</numerusform>
                <numerusform>%n unreadable</numerusform>
            </translation>
        </message>
    </context>
</TS>
