import FirestoreModel
import ModelSchema

/// The classes of fault the mutator injects, simplest first.
package enum FaultClass: String, Hashable, Sendable, CaseIterable, Codable {
    /// A key of a struct's map removed.
    case missingKey
    /// Null where the schema requires a value.
    case nullValue
    /// A value replaced by one of another Firestore type.
    case wrongType
    /// A value of the right Firestore type that its Swift type cannot hold.
    case corruptedData
    /// A key the struct does not code, added to its map.
    case unknownKey
    /// An array directly inside an array (which Firestore does not store).
    case nestedArray
    /// The whole document replaced by a tree not made from the schema.
    case foreignTree
}

/// One injected fault: what, where (the path of the value changed, removed or added) and
/// a sentence for people.
public struct Fault: Hashable, Sendable, CustomStringConvertible {
    /// What was injected.
    package let kind: FaultKind
    /// Where: the value replaced, the key removed or added, the element appended.
    package let path: ValuePath
    /// What was there and what was put, e.g. `integer 5 replaced by boolean true`.
    package let detail: String

    /// A fault.
    package init(kind: FaultKind, path: ValuePath, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    /// `wrongType(integer→boolean) at tags[2]: integer 5 replaced by boolean true`.
    public var description: String { "\(kind) at \(path): \(detail)" }
}

/// A document with the faults injected into it, in the order they were injected.
package struct MutatedDocument: Hashable, Sendable {
    /// The faulty document.
    package var document: FirestoreMap
    /// The faults, each at its own path; no fault's path is inside another's.
    package var faults: [Fault]

    /// A document and its faults.
    package init(document: FirestoreMap, faults: [Fault] = []) {
        self.document = document
        self.faults = faults
    }
}

/// How often the mutator picks each class of fault: relative weights, 0 for never.
package struct FaultWeights: Hashable, Sendable, Codable {
    /// The weight of `missingKey`.
    package var missingKey: Int
    /// The weight of `nullValue`.
    package var nullValue: Int
    /// The weight of `wrongType`.
    package var wrongType: Int
    /// The weight of `corruptedData`.
    package var corruptedData: Int
    /// The weight of `unknownKey`.
    package var unknownKey: Int
    /// The weight of `nestedArray`.
    package var nestedArray: Int
    /// The weight of `foreignTree`.
    package var foreignTree: Int

    /// Weights for every class.
    package init(missingKey: Int, nullValue: Int, wrongType: Int, corruptedData: Int, unknownKey: Int, nestedArray: Int, foreignTree: Int) {
        self.missingKey = missingKey
        self.nullValue = nullValue
        self.wrongType = wrongType
        self.corruptedData = corruptedData
        self.unknownKey = unknownKey
        self.nestedArray = nestedArray
        self.foreignTree = foreignTree
    }

    /// Type and data faults favoured; foreign trees rare.
    package static let `default` = FaultWeights(missingKey: 3, nullValue: 3, wrongType: 6, corruptedData: 6, unknownKey: 2, nestedArray: 1, foreignTree: 1)

    /// The weight of one class.
    package subscript(faultClass: FaultClass) -> Int {
        switch faultClass {
        case .missingKey: return missingKey
        case .nullValue: return nullValue
        case .wrongType: return wrongType
        case .corruptedData: return corruptedData
        case .unknownKey: return unknownKey
        case .nestedArray: return nestedArray
        case .foreignTree: return foreignTree
        }
    }
}
