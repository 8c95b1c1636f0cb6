/// A situation in which one of the SDK's documented rules must show, narrower than any cell a
/// type, wrapper or container gives: a row of the coverage grid's third table, reachable in the
/// one column its rule belongs to. The allowlist entries that stand for an SDK rule state the
/// situations their rule must fire in (`Expectation`); the generator puts each situation into
/// cases of its own (`SituationTarget`), so that a default run meets every rule early.
package enum RuleSituation: String, Hashable, Sendable, CaseIterable, Comparable {
    /// A non-nil `Int8` written and read back: stored as a boolean (sdk-codable-rules §13.1).
    case int8AsBoolean
    /// A `Date` written and read back that storage changes: below a microsecond, through Double
    /// seconds (sdk-codable-rules §13.11).
    case dateBelowMicrosecond
    /// A `Timestamp` written and read back with nanoseconds below a microsecond (sdk-codable-rules §13.11).
    case timestampBelowMicrosecond
    /// A `Decimal` written and read back that no double holds (sdk-codable-rules §4, §13.10).
    case decimalThroughDouble
    /// A nil `@ServerTimestamp` written and read back: the server's time (sdk-codable-rules §9.2).
    case nilServerTimestamp
    /// A `@DocumentID` written and read back whose value the document's reference does not
    /// give: never written, read from the reference (sdk-codable-rules §9.1).
    case documentIDFromReference
    /// A null element the SDK's decoder reads itself — of a `Date`, `Data`, `URL`, `Decimal` or
    /// `[String: V]`, or through an unkeyed container's concrete overloads — which puts its
    /// index on the coding path twice (sdk-codable-rules §6.2).
    case nullElementIndexTwice
    /// A null value of a `[String: Date]`, `[String: Data]`, `[String: URL]` or
    /// `[String: Decimal]`: the entry is dropped (sdk-codable-rules §7, §13.8).
    case nullEntryDropped
    /// A number where a `Date` is: refused (sdk-codable-rules §13.4).
    case dateFromNumber
    /// The empty string where a `URL` is: refused (`URL(string: "")` is nil; sdk-codable-rules §6).
    case emptyURL

    /// The row's heading.
    package var title: String {
        switch self {
        case .int8AsBoolean: return "Int8 stored as a boolean"
        case .dateBelowMicrosecond: return "Date below a microsecond"
        case .timestampBelowMicrosecond: return "Timestamp below a microsecond"
        case .decimalThroughDouble: return "Decimal no double holds"
        case .nilServerTimestamp: return "nil @ServerTimestamp"
        case .documentIDFromReference: return "@DocumentID not the reference's"
        case .nullElementIndexTwice: return "null element the SDK reads itself"
        case .nullEntryDropped: return "null in [String: Date/Data/URL/Decimal]"
        case .dateFromNumber: return "Date from a number"
        case .emptyURL: return "URL from \"\""
        }
    }

    /// The one column the situation is in.
    package var column: GridColumn {
        switch self {
        case .int8AsBoolean, .dateBelowMicrosecond, .timestampBelowMicrosecond, .decimalThroughDouble, .nilServerTimestamp,
             .documentIDFromReference:
            return .roundTrip
        case .nullElementIndexTwice, .nullEntryDropped: return .nullValue
        case .dateFromNumber: return .wrongType
        case .emptyURL: return .corruptedData
        }
    }

    /// The grid cell of the situation.
    package var cell: GridCell { GridCell(row: .rule(self), column: column) }

    package static func < (lhs: RuleSituation, rhs: RuleSituation) -> Bool {
        DeclarationOrder.precedes(lhs, rhs)
    }
}
