/// An enum of a model: with `String` raw values, `Int` raw values, or none.
public struct EnumSchema: Hashable, Sendable {
    /// The raw-value type of an enum.
    public enum RawType: String, Hashable, Sendable {
        /// `enum E: String` — coded as its raw value.
        case string = "String"
        /// `enum E: Int` — coded as its raw value.
        case int = "Int"
        /// No raw value: coded as the standard library codes payload-free cases, `{"case": {}}`.
        case none
    }

    /// The Swift type name.
    public var name: String
    /// The raw-value type.
    public var rawType: RawType
    /// The cases, in declaration order.
    public var cases: [EnumCase]

    /// Creates an enum description.
    public init(name: String, rawType: RawType, cases: [EnumCase]) {
        self.name = name
        self.rawType = rawType
        self.cases = cases
    }

    /// The case with the given Swift name.
    package func enumCase(named name: String) -> EnumCase? {
        cases.first { $0.name == name }
    }

    /// The effective raw value of each case, as Swift assigns them: a `String` enum's case
    /// without an explicit raw value has its name; an `Int` enum's case has the previous
    /// case's value plus one (0 for the first). Nil for enums without raw values.
    package func rawValue(of enumCase: EnumCase) -> EnumRawValue? {
        switch rawType {
        case .none:
            return nil
        case .string:
            return enumCase.rawValue ?? .string(enumCase.name)
        case .int:
            var next: Int64 = 0
            for candidate in cases {
                if case .int(let explicit)? = candidate.rawValue { next = explicit }
                if candidate.name == enumCase.name { return .int(next) }
                next &+= 1
            }
            return nil
        }
    }
}

/// One case of an enum.
public struct EnumCase: Hashable, Sendable {
    /// The Swift case name.
    public var name: String
    /// The explicit raw value, if the declaration gives one.
    public var rawValue: EnumRawValue?

    /// Creates a case.
    public init(name: String, rawValue: EnumRawValue? = nil) {
        self.name = name
        self.rawValue = rawValue
    }
}

/// A raw value of an enum case.
public enum EnumRawValue: Hashable, Sendable, CustomStringConvertible {
    /// A `String` raw value.
    case string(String)
    /// An `Int` raw value.
    case int(Int64)

    public var description: String {
        switch self {
        case .string(let value): return "\"\(value)\""
        case .int(let value): return "\(value)"
        }
    }
}
