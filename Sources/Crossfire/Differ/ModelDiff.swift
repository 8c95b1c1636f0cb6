import FirestoreModel
import Foundation
import ModelSchema

/// Every leaf at which two model values of a schema differ, in declaration order: into
/// structs field by field, arrays element by element (an element only one side has is a leaf
/// of its own), dictionaries and enum-keyed dictionaries entry by entry (matched by key), and
/// sets element by element — the elements each side has and the other lacks, paired with the
/// most alike element of the other side where both sides have one, so that two structs of a set
/// that differ in one field name that field.
///
/// A value compared as a whole (a scalar, or two values of different shapes) is a leaf. Nothing
/// is ever compared as a whole collection when a place inside can be named.
struct ModelDiff {
    let schema: ModelSchema

    /// The leaves at which two values of the root struct differ; empty when they are equal.
    func leaves(_ left: ModelValue, _ right: ModelValue) -> [LeafDifference] {
        var result: [LeafDifference] = []
        walk(left, right, type: .structure(schema.root), path: .root, enclosingSet: nil, into: &result)
        return result
    }

    private func walk(_ left: ModelValue, _ right: ModelValue, type: FieldType, path: ValuePath,
                      enclosingSet: LeafDifference.EnclosingSet?, into result: inout [LeafDifference]) {
        guard left != right else { return }
        func leaf() {
            result.append(LeafDifference(path: path, left: .model(left), right: .model(right), enclosingSet: enclosingSet))
        }
        switch (left, right, type) {
        case (_, _, .optional(let wrapped)):
            if left == .null || right == .null { return leaf() }
            walk(left, right, type: wrapped, path: path, enclosingSet: enclosingSet, into: &result)
        case let (.structure(leftFields), .structure(rightFields), .structure(name)):
            guard let structSchema = schema.structSchema(named: name), leftFields.count == structSchema.fields.count,
                  rightFields.count == leftFields.count else { return leaf() }
            for (field, (a, b)) in zip(structSchema.fields, zip(leftFields, rightFields)) where a.value != b.value {
                walk(a.value, b.value, type: field.type, path: path.appending(key: field.codingKey ?? field.name),
                     enclosingSet: enclosingSet, into: &result)
            }
        case let (.array(leftElements), .array(rightElements), .array(element)):
            for index in 0..<max(leftElements.count, rightElements.count) {
                let here = path.appending(index: index)
                switch (leftElements.indices.contains(index), rightElements.indices.contains(index)) {
                case (true, true):
                    walk(leftElements[index], rightElements[index], type: element, path: here, enclosingSet: enclosingSet, into: &result)
                case (true, false):
                    result.append(LeafDifference(path: here, left: .model(leftElements[index]), right: .absent, enclosingSet: enclosingSet))
                default:
                    result.append(LeafDifference(path: here, left: .absent, right: .model(rightElements[index]), enclosingSet: enclosingSet))
                }
            }
        case let (.set(leftElements), .set(rightElements), .set(element)):
            let context = LeafDifference.EnclosingSet(path: path, left: left, right: right)
            for pair in SetPairing.pairs(leftElements, rightElements, alike: { similarity($0, $1, type: element) }) {
                switch (pair.left, pair.right) {
                case let (a?, b?):
                    walk(leftElements[a], rightElements[b], type: element, path: path.appending(index: a), enclosingSet: context, into: &result)
                case let (a?, nil):
                    result.append(LeafDifference(path: path.appending(index: a), left: .model(leftElements[a]), right: .absent, enclosingSet: context))
                case let (nil, b?):
                    result.append(LeafDifference(path: path.appending(index: b), left: .absent, right: .model(rightElements[b]), enclosingSet: context))
                case (nil, nil):
                    break
                }
            }
        case let (.dictionary(leftEntries), .dictionary(rightEntries), .dictionary(keyType, valueType)):
            for entry in leftEntries {
                let here = path.appending(key: schema.storedKeyText(entry.key, keyType: keyType))
                if let other = rightEntries.first(where: { $0.key == entry.key }) {
                    walk(entry.value, other.value, type: valueType, path: here, enclosingSet: enclosingSet, into: &result)
                } else {
                    result.append(LeafDifference(path: here, left: .model(entry.value), right: .absent, enclosingSet: enclosingSet))
                }
            }
            for entry in rightEntries where !leftEntries.contains(where: { $0.key == entry.key }) {
                result.append(LeafDifference(path: path.appending(key: schema.storedKeyText(entry.key, keyType: keyType)),
                                             left: .absent, right: .model(entry.value), enclosingSet: enclosingSet))
            }
        default:
            leaf()
        }
    }

    /// How alike two set elements are, for pairing (higher is more alike): structs by their
    /// fields (an equal field counts most), times in the same microsecond most, then by the
    /// seconds between them (so that a time cut to the microsecond pairs with the time it was,
    /// near 1970 too, and not with a neighbour a nanosecond away), numbers by how many
    /// digits they share, strings by their common prefix; 1 for two values of the same case, 0
    /// otherwise.
    private func similarity(_ left: ModelValue, _ right: ModelValue, type: FieldType) -> Int {
        switch (left, right, type.unwrapped) {
        case let (.structure(a), .structure(b), .structure(name)):
            let fields = schema.structSchema(named: name)?.fields ?? []
            return 1 + zip(zip(a, b), fields).reduce(0) { total, pair in
                total + (pair.0.0.value == pair.0.1.value ? 100 : similarity(pair.0.0.value, pair.0.1.value, type: pair.1.type))
            }
        case let (.string(a), .string(b), _):
            return 1 + min(50, zip(a.unicodeScalars, b.unicodeScalars).prefix { $0 == $1 }.count)
        default:
            guard left.caseIndex == right.caseIndex else { return 0 }
            if let apart = TimeDistance.seconds(left, right) {
                return TimeDistance.sameMicrosecond(left, right) ? 42 : 1 + TimeDistance.closeness(apart)
            }
            guard let a = left.magnitude, let b = right.magnitude else { return 1 }
            let scale = max(abs(a), abs(b), .leastNormalMagnitude)
            let relative = abs(a - b) / scale
            guard relative.isFinite else { return 1 }
            return 1 + Int(min(40, max(0, -(relative > 0 ? log10(relative) : -40))))
        }
    }
}

/// Pairs the elements of two multisets: equal elements first (they are not differences),
/// then the remaining elements of the two sides, the most alike pairs first, then what is
/// left on either side alone.
enum SetPairing {
    /// A pair of positions (left, right); one of them is nil for an element only one side has.
    struct Pair: Hashable {
        let left: Int?
        let right: Int?
    }

    /// The pairs of differing elements (equal elements are matched and left out), the most
    /// alike pairs first: every remaining left element with every remaining right element is
    /// scored, and pairs are taken best score first (ties: the earlier left, then right).
    static func pairs<Element: Equatable>(_ left: [Element], _ right: [Element], alike: (Element, Element) -> Int) -> [Pair] {
        var unmatchedRight = Array(right.indices)
        var unmatchedLeft: [Int] = []
        for (index, element) in left.enumerated() {
            if let match = unmatchedRight.firstIndex(where: { right[$0] == element }) {
                unmatchedRight.remove(at: match)
            } else {
                unmatchedLeft.append(index)
            }
        }
        var scored: [(score: Int, left: Int, right: Int)] = []
        for a in unmatchedLeft {
            for b in unmatchedRight { scored.append((alike(left[a], right[b]), a, b)) }
        }
        scored.sort { ($0.score, -$0.left, -$0.right) > ($1.score, -$1.left, -$1.right) }
        var pairedLeft: Set<Int> = []
        var pairedRight: Set<Int> = []
        var pairs: [Pair] = []
        for candidate in scored where !pairedLeft.contains(candidate.left) && !pairedRight.contains(candidate.right) {
            pairedLeft.insert(candidate.left)
            pairedRight.insert(candidate.right)
            pairs.append(Pair(left: candidate.left, right: candidate.right))
        }
        pairs.sort { ($0.left ?? 0) < ($1.left ?? 0) }
        pairs += unmatchedLeft.filter { !pairedLeft.contains($0) }.map { Pair(left: $0, right: nil) }
        pairs += unmatchedRight.filter { !pairedRight.contains($0) }.map { Pair(left: nil, right: $0) }
        return pairs
    }
}

extension ModelValue {
    /// A number standing for a numeric or time value, for judging how close two are.
    var magnitude: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .uint(let value): return Double(value)
        case .float(let value): return Double(value)
        case .double(let value): return value
        case .decimal(let value): return NSDecimalNumber(decimal: value).doubleValue
        case .date(let value): return value.timeIntervalSince1970
        case .timestamp(let value): return Double(value.seconds) + Double(value.nanoseconds) / 1e9
        default: return nil
        }
    }

    /// The position of the value's case, so that values of one case count as alike.
    var caseIndex: Int {
        switch self {
        case .null: return 0
        case .string: return 1
        case .bool: return 2
        case .int: return 3
        case .uint: return 4
        case .float: return 5
        case .double: return 6
        case .decimal: return 7
        case .date: return 8
        case .url: return 9
        case .data: return 10
        case .timestamp: return 11
        case .geoPoint: return 12
        case .reference: return 13
        case .color: return 14
        case .enumCase: return 15
        case .structure: return 16
        case .array: return 17
        case .set: return 18
        case .dictionary: return 19
        }
    }
}
