import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// One planted bug class and what the harness must report for it: the finding kind, and
/// where — a check on the finding's path, the case's schema and inputs, and the mappers'
/// outcomes, so that only a finding at the place of the planted rule counts.
struct PlantedFault: Sendable, CustomTestStringConvertible {
    /// A stable identifier, e.g. `fractional-integer-truncated`.
    let id: String
    /// The sections of `Docs/sdk-codable-rules.md` the rule comes from.
    let spec: String
    /// The bug.
    let bug: any PlantedBug
    /// The generation profile the campaign runs with.
    let profile: GenerationProfile
    /// The finding kind the bug must show as.
    let kind: FindingKind
    /// The mapper the bug is planted in.
    var family: PlantedFamily = .codable
    /// Whether a finding of that kind is at the planted rule's place.
    let isAtFault: @Sendable (PlantedFinding) -> Bool

    var testDescription: String { id }
}

/// A finding seen through the parts a planted fault's check needs.
struct PlantedFinding {
    /// The discrepancy.
    let discrepancy: Discrepancy
    /// The case.
    let testCase: CaseRecord

    /// The schema of the case.
    var schema: ModelSchema { testCase.schema }
    /// The finding's path.
    var path: ValuePath { discrepancy.path }
    /// The Swift type at the path, without its optional.
    var type: FieldType? { schema.fieldType(at: path)?.unwrapped }
    /// The stored value the document holds at the path (decode checks).
    var documentValue: FirestoreValue? { testCase.document?.value(at: path) }
    /// The struct field the path ends at, by coding key.
    var field: FieldSchema? { schema.fieldSchema(at: path) }

    /// The reference (Codable) mapper's outcome.
    var reference: MapperOutcome? { discrepancy.outcomes.first { $0.mapper == "codable" } }
    /// The planted mapper's outcome.
    var planted: MapperOutcome? { discrepancy.outcomes.first { $0.mapper == PlantedFaultFactory.mapperName } }
    /// The reference mapper's failure kind, or nil when it succeeded.
    var referenceFailure: FailureKind? { reference?.failure?.kind }
    /// The planted mapper's failure kind, or nil when it succeeded.
    var plantedFailure: FailureKind? { planted?.failure?.kind }
    /// Whether the planted mapper produced a value.
    var plantedSucceeded: Bool { planted != nil && planted?.failure == nil }
}

extension PlantedFault {
    /// Every planted bug class.
    static let all: [PlantedFault] = [
        PlantedFault(
            id: "fractional-integer-truncated", spec: "sdk-codable-rules §6 (integers), §16.10", bug: FractionalIntegerTruncated(),
            profile: .scalars, kind: .decodeDisagreement
        ) { finding in
            guard case .integer? = finding.type, case .double(let number)? = finding.documentValue else { return false }
            return number.rounded(.towardZero) != number && finding.referenceFailure == .dataCorrupted && finding.plantedSucceeded
        },
        PlantedFault(
            id: "null-treated-as-absent-key", spec: "sdk-codable-rules §6.1, §7, §16.1", bug: NullTreatedAsAbsentKey(),
            profile: .scalars, kind: .decodeDisagreement
        ) { finding in
            finding.field != nil && finding.documentValue == .null && finding.plantedFailure == .keyNotFound
                && finding.referenceFailure != .keyNotFound
        },
        PlantedFault(
            id: "coding-keys-rename-ignored", spec: "sdk-codable-rules §10, §4.1", bug: CodingKeysRenameIgnored(),
            profile: .scalars, kind: .decodeDisagreement
        ) { finding in
            // Read under the property name, where the reference has nothing (or failed elsewhere: at the coding key).
            PlantedFault.renamedField(endingAt: finding.path, in: finding.schema) != nil
                && finding.reference?.failure.map { $0.path != finding.path } ?? true
        },
        PlantedFault(
            id: "absent-server-timestamp-decoded-as-nil", spec: "sdk-codable-rules §9.2, §13.6, §16.1", bug: AbsentServerTimestampDecodedAsNil(),
            profile: .wrappers, kind: .decodeDisagreement
        ) { finding in
            finding.field?.wrapper == .serverTimestamp && finding.documentValue == nil
                && finding.referenceFailure == .keyNotFound && finding.plantedSucceeded
        },
        PlantedFault(
            id: "int8-written-as-number", spec: "sdk-codable-rules §13.1, §11, §16.10", bug: Int8WrittenAsNumber(),
            profile: .scalars, kind: .encodeDisagreement
        ) { finding in
            finding.type == .integer(.int8) && finding.reference?.result == .stored(.boolean)
        },
        PlantedFault(
            id: "nested-document-id-given-nested-path", spec: "sdk-codable-rules §9.1, §13.7", bug: NestedDocumentIDGivenNestedPath(),
            profile: .nestedWrappers, kind: .decodeDisagreement
        ) { finding in
            finding.field?.wrapper == .documentID && finding.path.count > 1
                && finding.referenceFailure == nil && finding.plantedSucceeded
        },
        PlantedFault(
            id: "bool-accepted-from-zero-or-one", spec: "sdk-codable-rules §6 (Bool), §13.12, §16.10", bug: BoolAcceptedFromZeroOrOne(),
            profile: .scalars, kind: .decodeDisagreement
        ) { finding in
            finding.type == .bool && finding.documentValue.map { [.integer, .double].contains($0.kind) } == true
                && finding.referenceFailure == .typeMismatch && finding.plantedSucceeded
        },
        PlantedFault(
            id: "date-accepted-from-number", spec: "sdk-codable-rules §13.4, §16.8", bug: DateAcceptedFromNumber(),
            profile: .scalars, kind: .decodeDisagreement
        ) { finding in
            finding.type == .date && finding.documentValue.map { [.integer, .double].contains($0.kind) } == true
                && finding.referenceFailure == .typeMismatch && finding.plantedSucceeded
        },
        PlantedFault(
            id: "unknown-enum-raw-value-as-first-case", spec: "sdk-codable-rules §6 (enums)", bug: UnknownEnumRawValueAsFirstCase(),
            profile: .scalars, kind: .decodeDisagreement
        ) { finding in
            guard case .enumeration? = finding.type else { return false }
            return finding.referenceFailure == .dataCorrupted && finding.plantedSucceeded
        },
        PlantedFault(
            id: "float-accepts-non-finite", spec: "sdk-codable-rules §6 (Float), §13.2", bug: FloatAcceptsNonFinite(),
            profile: .scalars, kind: .decodeDisagreement
        ) { finding in
            guard finding.type == .float, case .double(let number)? = finding.documentValue else { return false }
            return !(abs(number) <= Double(Float.greatestFiniteMagnitude)) && finding.referenceFailure == .dataCorrupted
                && finding.plantedSucceeded
        },
        PlantedFault(
            id: "null-dictionary-entries-dropped-for-any-value", spec: "sdk-codable-rules §13.8, §7", bug: NullDictionaryEntriesDroppedForAnyValue(),
            profile: .dictionaries, kind: .decodeDisagreement
        ) { finding in
            guard case .dictionary(.string, let valueType)? = finding.schema.fieldType(at: finding.path.parent)?.unwrapped else { return false }
            return !valueType.isOptional && finding.documentValue == .null && finding.referenceFailure == .valueNotFound
        },
        PlantedFault(
            id: "enum-keyed-dictionary-written-as-map", spec: "sdk-codable-rules §4 ([K: V]), §13.5, §16.4", bug: EnumKeyedDictionaryWrittenAsMap(),
            profile: .dictionaries, kind: .encodeDisagreement
        ) { finding in
            guard case .dictionary(.enumeration, _)? = finding.type else { return false }
            return finding.reference?.result == .stored(.array)
        },
        PlantedFault(
            id: "unsigned-written-by-bit-pattern", spec: "sdk-codable-rules §11, §13.3", bug: UnsignedWrittenByBitPattern(),
            profile: .scalars, kind: .encodeDisagreement
        ) { finding in
            (finding.type == .integer(.uint64) || finding.type == .integer(.uint)) && finding.referenceFailure == .writeRejected
                && finding.plantedSucceeded
        },
        PlantedFault(
            id: "float-widened-through-decimal-text", spec: "sdk-codable-rules §4 (Float), §13.10", bug: FloatWidenedThroughDecimalText(),
            profile: .scalars, kind: .encodeDisagreement
        ) { finding in
            finding.type == .float && finding.reference?.result == .stored(.double)
                && finding.referenceFailure == nil && finding.plantedSucceeded
        },
    ] + reflective

    /// The bugs planted in the reflective mapper family.
    static let reflective: [PlantedFault] = [
        PlantedFault(
            id: "reflective-date-read-as-milliseconds", spec: "seed 002's table (Date as seconds since 1970); Salada's own createdAt",
            bug: DateReadAsMilliseconds(), profile: .scalars, kind: .roundTripLoss, family: .reflective
        ) { finding in
            guard finding.type == .date, case .model(.date(let written))? = finding.discrepancy.input,
                  case .model(.date(let readBack))? = finding.planted?.leaf else { return false }
            // A thousandth of the seconds written, but for the rounding of Date's own arithmetic.
            let seconds = written.timeIntervalSince1970
            return abs(readBack.timeIntervalSince1970 * 1_000 - seconds) <= abs(seconds) * 1e-9 + 1e-3
        },
    ]

    /// The renamed field (coding key other than its name) whose coding key or name is the
    /// path's last key, in the struct the path's parent is.
    static func renamedField(endingAt path: ValuePath, in schema: ModelSchema) -> FieldSchema? {
        guard case .key(let key)? = path.components.last else { return nil }
        let parentStruct: StructSchema?
        if path.parent.isRoot {
            parentStruct = schema.rootStruct
        } else if case .structure(let name)? = schema.fieldType(at: path.parent)?.unwrapped {
            parentStruct = schema.structSchema(named: name)
        } else {
            parentStruct = nil
        }
        return parentStruct?.fields.first { field in
            guard let codingKey = field.codingKey, !codingKey.utf8.elementsEqual(field.name.utf8) else { return false }
            return codingKey.utf8.elementsEqual(key.utf8) || field.name.utf8.elementsEqual(key.utf8)
        }
    }
}
