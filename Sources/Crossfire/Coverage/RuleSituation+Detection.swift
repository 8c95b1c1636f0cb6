import FirestoreModel
import Foundation
import ModelSchema

/// Where a case holds a rule situation, and which situations a finding falls in.
extension RuleSituation {
    /// The situation a value of a model value is in when written and read back: a non-nil
    /// `Int8`, a `Date`, `Timestamp` or `Decimal` storage changes, a nil `@ServerTimestamp`, a
    /// `@DocumentID` the reference does not give. `field` is the struct field the value is, if
    /// it is one; `reference` the document's.
    static func writtenSituation(of value: ModelValue, type: FieldType, field: FieldSchema?, reference: DocumentReference?) -> RuleSituation? {
        switch field?.wrapper {
        case .serverTimestamp?: return value == .null ? .nilServerTimestamp : nil
        case .documentID?: return documentIDDiffers(value, type: type, reference: reference) ? .documentIDFromReference : nil
        default: break
        }
        switch (type.unwrapped, value) {
        case (.integer(.int8), .int): return .int8AsBoolean
        case let (.date, .date(date)): return StorageEquivalence.readBack(date).map { $0 != date } ?? false ? .dateBelowMicrosecond : nil
        case let (.timestamp, .timestamp(stamp)): return stamp.isValid && stamp.nanoseconds % 1000 != 0 ? .timestampBelowMicrosecond : nil
        case let (.decimal, .decimal(decimal)):
            guard let back = StorageEquivalence.readBack(decimal) else { return nil }
            return back != decimal && !(back.isNaN && decimal.isNaN) ? .decimalThroughDouble : nil
        default: return nil
        }
    }

    /// Whether a `@DocumentID`'s value is not what the reference gives it (the reference's
    /// document ID, or the reference itself).
    static func documentIDDiffers(_ value: ModelValue, type: FieldType, reference: DocumentReference?) -> Bool {
        guard let reference else { return false }
        switch type.unwrapped {
        case .string: return value != .string(reference.documentID)
        case .documentReference: return value != .reference(reference)
        default: return false
        }
    }

    /// The situation a fault put into a document is, if any: a null element the SDK reads
    /// itself, a null value of a `[String: Date/Data/URL/Decimal]`, a number for a `Date`, the
    /// empty string for a `URL`.
    static func faultSituation(of fault: Fault, in document: FirestoreMap, schema: ModelSchema) -> RuleSituation? {
        switch fault.kind {
        case .nullValue:
            return nullSituation(at: fault.path, schema: schema)
        case .wrongType(.timestamp, .integer), .wrongType(.timestamp, .double):
            return schema.fieldType(at: fault.path)?.unwrapped == .date ? .dateFromNumber : nil
        case .invalidURL:
            return schema.storedValue(at: fault.path, in: document) == .string("") ? .emptyURL : nil
        default:
            return nil
        }
    }

    /// The situation of a null at `path`, where its type is not optional.
    static func nullSituation(at path: ValuePath, schema: ModelSchema) -> RuleSituation? {
        guard let type = schema.fieldType(at: path), !type.isOptional else { return nil }
        switch schema.container(of: path) {
        case .arrayElement, .setElement, .enumKeyedValue:
            if schema.isReadByConcreteOverload(path) { return .nullElementIndexTwice }
            switch type {
            case .date, .data, .url, .decimal, .dictionary(.string, _): return .nullElementIndexTwice
            default: return nil
            }
        case .stringKeyedValue:
            switch type {
            case .date, .data, .url, .decimal: return .nullEntryDropped
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The situations a finding falls in: the one its leaf is in, for its check.
    static func situations(of discrepancy: Discrepancy, schema: ModelSchema) -> [RuleSituation] {
        if let expectation = discrepancy.expectation { return [expectation.situation] }
        let facts = discrepancy.facts
        switch discrepancy.check {
        case .roundTrip:
            guard case .model(let written)? = discrepancy.input, let type = facts.type else { return [] }
            if facts.wrapper == .serverTimestamp { return written == .null ? [.nilServerTimestamp] : [] }
            if facts.wrapper == .documentID { return [.documentIDFromReference] }
            switch (type.unwrapped, written) {
            case (.integer(.int8), .int): return [.int8AsBoolean]
            case (.date, .date): return [.dateBelowMicrosecond]
            case (.timestamp, .timestamp): return [.timestampBelowMicrosecond]
            case (.decimal, .decimal): return [.decimalThroughDouble]
            default: return []
            }
        case .decode:
            switch facts.held {
            case .stored(.null):
                return nullSituation(at: discrepancy.path, schema: schema).map { [$0] } ?? []
            case .stored(.integer), .stored(.double):
                return facts.type?.unwrapped == .date ? [.dateFromNumber] : []
            case .stored(.string("")):
                return facts.type?.unwrapped == .url ? [.emptyURL] : []
            default:
                return []
            }
        case .encode, .storage:
            return []
        }
    }
}
