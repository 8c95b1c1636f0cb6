/// A hand-written way of coding one property: the container calls a struct's own
/// `init(from:)` and `encode(to:)` make for it, in place of the ones synthesized `Codable`
/// makes. A struct with such a property declares both methods (and its `CodingKeys`); its
/// other properties are coded as synthesized code codes them. The value and its stored form are
/// those of the property's type: only the calls, and the errors they throw, differ.
public enum FieldCoding: String, Hashable, Sendable, CaseIterable {
    /// `[T]` (or `[T]?`) read and written element by element through
    /// `nestedUnkeyedContainer(forKey:)`: a `String`, `Bool`, `Double`, `Float` or integer
    /// element through the container's concrete overloads (`decode(Int8.self)`,
    /// `decodeIfPresent(Int8.self)`, `encode(_: Int8)`, `encodeNil()`), a struct element inline
    /// through `nestedContainer(keyedBy:)` (`decodeNil()` first for an optional one), any other
    /// element through the generic calls. An optional list is read when `contains(_:)` and not
    /// `decodeNil(forKey:)`, and left out when nil.
    case elementwise
    /// A struct (or an optional one) read and written inline through
    /// `nestedContainer(keyedBy:forKey:)`, its fields through the nested container; an optional
    /// one is read when `contains(_:)` and not `decodeNil(forKey:)`, and left out when nil.
    case nested
    /// A struct read through `superDecoder(forKey:)` and written through `superEncoder(forKey:)`
    /// — `superDecoder()` and `superEncoder()` when its key is `super` — as a subclass hands
    /// its superclass its part.
    case superCoder = "super"
    /// A `String`, `Bool`, `Double`, `Float` or integer (or an optional one) through a
    /// single-value wrapper type, like the guide's hex `Color`: `singleValueContainer()` and its
    /// concrete overloads. The wrapper itself is never optional: an optional value is
    /// `decodeNil()`/`encodeNil()` inside it, so the key must be there (absent is `keyNotFound`)
    /// and nil is written as null.
    case singleValue
    /// `Data`, an integer, `Double` or `Bool` (or an optional one) through a wrapper type that
    /// also accepts a second encoding: a string — base64 for `Data`, the number's or the
    /// boolean's text — tried first; a string that is neither is `dataCorrupted`. It writes the
    /// value's own encoding. An optional property uses `decodeIfPresent`/`encodeIfPresent`.
    case twoEncodings

    /// What is wrong with this coding on a property of `type` in `schema`, or nil when it fits.
    package func problem(with type: FieldType, in schema: ModelSchema) -> String? {
        let name = "\"coding\": \"\(rawValue)\""
        switch misfit(with: type, in: schema) {
        case nil: return nil
        case .needs(let what)?: return "\(name) needs \(what), found \(type)"
        case .inlineCodesNone(let structName)?: return "\(name) reads \(structName)'s fields inline, and \(structName) codes none"
        }
    }

    /// Whether this coding fits a property of `type` in `schema` (`problem(with:in:)` is nil),
    /// without writing the problem out: the generator asks it of every coding for every field.
    package func fits(_ type: FieldType, in schema: ModelSchema) -> Bool {
        misfit(with: type, in: schema) == nil
    }

    /// Why a coding does not fit a property's type.
    private enum Misfit {
        /// The coding needs another type (in words).
        case needs(String)
        /// The coding reads the named struct's fields inline, and the struct codes none.
        case inlineCodesNone(String)
    }

    /// Why this coding does not fit a property of `type` in `schema`, or nil when it fits.
    private func misfit(with type: FieldType, in schema: ModelSchema) -> Misfit? {
        switch self {
        case .elementwise:
            guard case .array(let element) = type.unwrapped else { return .needs("an array or an optional one") }
            if case .structure(let structName) = element.unwrapped { return Self.inlineMisfit(structName, in: schema) }
            return nil
        case .nested:
            guard case .structure(let structName) = type.unwrapped else { return .needs("a struct or an optional one") }
            return Self.inlineMisfit(structName, in: schema)
        case .superCoder:
            guard case .structure = type else { return .needs("a struct (not an optional one)") }
            return nil
        case .singleValue:
            return type.unwrapped.hasConcreteOverloads ? nil : .needs("String, Bool, Double, Float or an integer type (or an optional one)")
        case .twoEncodings:
            switch type.unwrapped {
            case .data, .integer, .double, .bool: return nil
            default: return .needs("Data, an integer type, Double or Bool (or an optional one)")
            }
        }
    }

    /// The second encoding a `twoEncodings` property accepts, in words: `base64 text` for
    /// `Data`, `text` for a number or a boolean. A string that is no value so written is
    /// `dataCorrupted("\"<string>\" is no <type> written as <words>.")`.
    package static func twoEncodingsText(isData: Bool) -> String {
        isData ? "base64 text" : "text"
    }

    /// A struct read inline must code some field: its fields are read from the nested container.
    private static func inlineMisfit(_ structName: String, in schema: ModelSchema) -> Misfit? {
        guard let structSchema = schema.structSchema(named: structName) else { return nil }
        return structSchema.codedFields.isEmpty ? .inlineCodesNone(structName) : nil
    }
}

extension FieldType {
    /// Whether the containers have concrete overloads for the type (`decode(Int8.self)`,
    /// `encode(_: Int8)`, …): `String`, `Bool`, `Double`, `Float` and every integer width.
    package var hasConcreteOverloads: Bool {
        switch self {
        case .string, .bool, .double, .float, .integer: return true
        default: return false
        }
    }
}
