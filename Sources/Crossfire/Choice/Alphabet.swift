/// The characters generated strings, keys and names are drawn from, in tiers from
/// simplest (lowercase ASCII) to most hostile (controls, bidi overrides).
enum Alphabet {
    /// `a`–`z`.
    static let lowercase: [Unicode.Scalar] = scalars(0x61...0x7A)
    /// `A`–`Z`, `0`–`9` and `_`.
    static let uppercaseAndDigits: [Unicode.Scalar] = scalars(0x41...0x5A) + scalars(0x30...0x39) + ["_"]
    /// Printable ASCII punctuation and the space, dots, backticks and backslashes included.
    static let punctuation: [Unicode.Scalar] = Array(" .`\\\"'/-+*~[]$#@!?,;:=(){}<>|^&%".unicodeScalars)
    /// Latin letters with diacritics, precomposed (`é` is U+00E9), and `İ`, `ß`, `œ`.
    static let latin: [Unicode.Scalar] = ["\u{E9}", "\u{E0}", "\u{FC}", "\u{DF}", "\u{F1}", "\u{F8}", "\u{C5}", "\u{E7}", "\u{FF}", "\u{153}", "\u{C9}", "\u{130}"]
    /// Combining marks: acute, diaeresis, ring, tilde, cedilla.
    static let combining: [Unicode.Scalar] = ["\u{301}", "\u{308}", "\u{30A}", "\u{303}", "\u{327}"]
    /// Letters of other scripts: Cyrillic, Greek, CJK, Arabic and Hebrew (right to left), Hangul, Thai.
    static let scripts: [Unicode.Scalar] = ["\u{436}", "\u{416}", "\u{3A9}", "\u{3C0}", "\u{3BB}", "\u{540D}", "\u{524D}", "\u{65E5}", "\u{672C}", "\u{639}", "\u{5E9}", "\u{5D4}", "\u{D55C}", "\u{E01}"]
    /// Emoji and their glue: astral-plane faces and flags, skin tone, zero-width joiner, variation selector.
    static let emoji: [Unicode.Scalar] = ["\u{1F600}", "\u{1F44D}", "\u{1F3FD}", "\u{200D}", "\u{FE0F}", "\u{1F3F3}", "\u{2764}", "\u{1F308}"]
    /// Invisible and look-alike characters: zero-width space, BOM, replacement character,
    /// line separator, no-break space, the Angstrom sign (canonically equivalent to `Å`),
    /// the `fi` ligature, soft hyphen, right-to-left override.
    static let specials: [Unicode.Scalar] = ["\u{200B}", "\u{FEFF}", "\u{FFFD}", "\u{2028}", "\u{A0}", "\u{212B}", "\u{FB01}", "\u{AD}", "\u{202E}"]
    /// Control characters, NUL included: only in string values, never in keys or names.
    static let controls: [Unicode.Scalar] = ["\u{0}", "\t", "\n", "\r", "\u{1F}", "\u{7F}"]

    /// ASCII tiers and their weights, simplest first.
    static let asciiTiers: [(weight: Int, scalars: [Unicode.Scalar])] = [(8, lowercase), (3, uppercaseAndDigits), (2, punctuation)]
    /// Tiers beyond ASCII and their weights, simplest first; the last one (controls) only for string values.
    static let unicodeTiers: [(weight: Int, scalars: [Unicode.Scalar])] = [(3, latin), (2, combining), (3, scripts), (2, emoji), (2, specials), (1, controls)]

    /// `a`–`z` and `0`–`9`, for the rest of identifiers.
    static let identifierTails: [Unicode.Scalar] = scalars(0x61...0x7A) + scalars(0x30...0x39)

    /// Precomposed characters and their canonical decompositions, for keys that are
    /// canonically equivalent (equal as Swift `String`s) but different code points.
    static let canonicalTwins: [(composed: [Unicode.Scalar], decomposed: [Unicode.Scalar])] = [
        (["\u{E9}"], ["e", "\u{301}"]),
        (["\u{FC}"], ["u", "\u{308}"]),
        (["\u{F1}"], ["n", "\u{303}"]),
        (["\u{C5}"], ["A", "\u{30A}"]),
        (["\u{E7}"], ["c", "\u{327}"]),
        (["\u{212B}"], ["\u{C5}"]),
    ]

    private static func scalars(_ range: ClosedRange<UInt32>) -> [Unicode.Scalar] {
        range.compactMap(Unicode.Scalar.init)
    }
}
