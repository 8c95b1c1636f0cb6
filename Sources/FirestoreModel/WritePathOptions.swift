/// How the write path turns the Swift numbers that Firestore has no exact type for into
/// stored values.
///
/// The default, `.sdk`, is what the Firebase iOS SDK observably stores
/// (`Docs/sdk-codable-rules.md` §11, §13): `Int8` becomes a boolean, `Float` is widened by its
/// binary value, `Decimal` becomes a double. `.faithful` keeps what the app meant where the SDK
/// loses it. In both, `Decimal` (and `NSDecimalNumber`) is stored as the double nearest to its
/// decimal value: Firestore has no decimal type.
public struct WritePathOptions: Sendable, Hashable {
    /// What an `Int8` (`CChar`), or an `NSNumber` whose `objCType` is `c`, `C` or `B` and
    /// which is not one of the two boolean singletons, is stored as.
    public enum Int8Storage: Sendable, Hashable {
        /// A boolean, non-zero → true: the SDK reads objCType `c` as BOOL
        /// (`Docs/firestore-data-model.md` §6.3).
        case boolean
        /// The integer it holds.
        case integer
    }

    /// How a `Float` becomes a Firestore double.
    public enum FloatWidening: Sendable, Hashable {
        /// The same binary value: `0.1 as Float` is stored as 0.10000000149011612 (SDK).
        case binary
        /// The double nearest to the Float's shortest decimal text: `0.1 as Float` is
        /// stored as 0.1. NaN and ±Infinity are widened unchanged.
        case shortestDecimal
    }

    /// What `Int8` values and char-typed `NSNumber`s are stored as.
    public var int8Storage: Int8Storage
    /// How `Float` values (and `NSNumber`s of objCType `f`) are widened.
    public var floatWidening: FloatWidening
    /// The deepest nesting of maps and arrays the parser descends into before it reports
    /// `nestingTooDeep`. This guards the harness's stack against hostile input; the SDK has
    /// no such check (the backend rejects anything deeper than 20 levels).
    public var maximumNesting: Int

    /// Options with every field given.
    public init(int8Storage: Int8Storage, floatWidening: FloatWidening, maximumNesting: Int = 1_000) {
        self.int8Storage = int8Storage
        self.floatWidening = floatWidening
        self.maximumNesting = maximumNesting
    }

    /// The Firebase iOS SDK's observable behaviour: `Int8` → boolean, `Float` widened by
    /// its binary value, `Decimal` → double.
    public static let sdk = WritePathOptions(int8Storage: .boolean, floatWidening: .binary)

    /// What the app meant: `Int8` → integer, `Float` widened through its shortest decimal
    /// text, `Decimal` → double (Firestore has no decimal type).
    public static let faithful = WritePathOptions(int8Storage: .integer, floatWidening: .shortestDecimal)
}
