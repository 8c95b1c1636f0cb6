import CJansson

/// How a writer lays out its output. Every layout is canonical: the same value always gives the
/// same bytes.
public struct JSONWriteOptions: Hashable, Sendable {
    /// Whitespace between tokens.
    public enum Layout: Hashable, Sendable {
        /// One member per line, indented by this many spaces (1…31).
        case indented(Int)
        /// Everything on one line with a space after `:` and `,`.
        case singleLine
        /// Everything on one line, no spaces at all (for JSON Lines).
        case compact
    }

    /// Object keys sorted by UTF-8 bytes instead of in insertion order (map keys as the map
    /// holds them; document members as `name`, `fields`, `createTime`, `updateTime`).
    public var sortedKeys: Bool
    /// Whitespace between tokens.
    public var layout: Layout
    /// How deeply Firestore arrays and maps may nest (as in `JSONReadOptions.maximumDepth`);
    /// a deeper value is an `unrepresentable` error. Output that jansson could not read back
    /// (more than 2,048 JSON levels) is refused whatever this says.
    public var maximumDepth: Int

    /// Creates options; by default keys keep insertion order, the layout is indented by two
    /// spaces and the depth limit is 100.
    public init(sortedKeys: Bool = false, layout: Layout = .indented(2), maximumDepth: Int = 100) {
        self.sortedKeys = sortedKeys
        self.layout = layout
        self.maximumDepth = maximumDepth
    }

    /// The default options.
    public static let `default` = JSONWriteOptions()

    /// jansson's dump flags for these options and a real-number precision (1…17).
    func dumpFlags(realPrecision: Int) -> Int {
        var flags = Int(JSON_ENCODE_ANY) | ((realPrecision & 0x1F) << 11)
        if sortedKeys { flags |= Int(JSON_SORT_KEYS) }
        switch layout {
        case .indented(let spaces): flags |= min(max(spaces, 1), Int(JSON_MAX_INDENT))
        case .singleLine: break
        case .compact: flags |= Int(JSON_COMPACT)
        }
        return flags
    }
}
