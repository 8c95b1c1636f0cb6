import Foundation

/// The state of one parse: the path being parsed and what the sentinels asked for.
package struct UserDataParser {
    /// Where in the data a value sits, as far as the SDK's rules care.
    struct Position {
        /// Whether the path passes through an array (the SDK then has no field path).
        var insideArray: Bool
        /// Whether the value is directly an element of an array.
        var isArrayElement: Bool
        /// Whether the value is an `arrayUnion`/`arrayRemove` operand (not itself a write).
        var isOperand: Bool
        /// How many maps and arrays enclose the value (the document itself is 0).
        var depth: Int

        static let topLevel = Position(insideArray: false, isArrayElement: false, isOperand: false, depth: 0)
    }

    let database: DatabaseID
    let options: WritePathOptions
    let kind: WriteKind
    /// The path of the value being parsed, pushed and popped as the parser descends.
    var components: [ValuePath.Component] = []
    var transforms: [FieldTransform] = []
    var deletes: [ValuePath] = []
    var fieldMask: [ValuePath] = []

    init(database: DatabaseID, options: WritePathOptions, kind: WriteKind) {
        self.database = database
        self.options = options
        self.kind = kind
    }

    var currentPath: ValuePath { ValuePath(components) }

    mutating func parseDocument(_ data: [String: Any]) throws(WritePathError) -> ParsedWrite {
        let fields: FirestoreMap
        switch kind {
        case .set, .merge:
            fields = try parseMap(data, at: .topLevel)
        case .update:
            fields = try parseUpdateData(data)
        }
        return ParsedWrite(kind: kind, fields: fields, fieldMask: fieldMask, transforms: transforms, deletes: deletes)
    }

    // MARK: Update data: top-level keys are field paths

    private mutating func parseUpdateData(_ data: [String: Any]) throws(WritePathError) -> FirestoreMap {
        var fields = FirestoreMap()
        for (key, value) in UserDataParser.sortedEntries(data) {
            let segments = try UserDataParser.fieldPathSegments(key)
            components = []
            for segment in segments {
                components.append(.key(segment))
                try validateFieldName(segment, at: .topLevel)
            }
            let unwrapped = UserDataParser.unwrapOptional(value)
            if let sentinel = unwrapped as? FieldValue, case .delete = sentinel.kind {
                deletes.append(currentPath)
                continue
            }
            let position = Position(insideArray: false, isArrayElement: false, isOperand: false, depth: segments.count - 1)
            if let parsed = try parseValue(unwrapped, at: position) {
                fields.setValue(parsed, atKeys: segments[...])
                fieldMask.append(currentPath)
            }
        }
        components = []
        return fields
    }

    /// The segments of a dot-separated field path, checked as `FieldPath::FromDotSeparatedString` does.
    package static func fieldPathSegments(_ key: String) throws(WritePathError) -> [String] {
        if key.utf8.contains(where: { "~*/[]".utf8.contains($0) }) {
            throw WritePathError(.invalidFieldPath, at: ValuePath(keys: key),
                                 "Invalid field path (\(key)). Paths must not contain '~', '*', '/', '[', or ']'")
        }
        let segments = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if segments.contains(where: \.isEmpty) {
            throw WritePathError(.invalidFieldPath, at: ValuePath(keys: key),
                                 "Invalid field path (\(key)). Paths must not be empty, begin with '.', end with '.', or contain '..'")
        }
        return segments
    }

    // MARK: Values

    /// The stored value for `value`, or nil when it was a sentinel (a transform or a delete).
    mutating func parseValue(_ value: Any, at position: Position) throws(WritePathError) -> FirestoreValue? {
        // Fast path: the common exact types, found by comparing metatypes (a failed cast from
        // `Any` to a collection type is slow, and every value would pay for it).
        let dynamicType = type(of: value)
        if let scalar = UserDataParser.commonScalar(value, dynamicType) {
            recordLeaf(at: position)
            return scalar
        }
        if dynamicType == [String: Any].self, let dictionary = value as? [String: Any] {
            return .map(try parseMap(dictionary, at: position))
        }
        if dynamicType == [Any].self, let array = value as? [Any] {
            return try parseArray(array, at: position)
        }
        let value = UserDataParser.unwrapOptional(value)
        if value is NSNull || value is OptionalNone {
            recordLeaf(at: position)
            return .null
        }
        if let sentinel = value as? FieldValue {
            try parseSentinel(sentinel, at: position)
            return nil
        }
        if let dictionary = value as? [String: Any] {
            return .map(try parseMap(dictionary, at: position))
        }
        if let array = value as? [Any] {
            return try parseArray(array, at: position)
        }
        recordLeaf(at: position)
        return try parseScalar(value)
    }

    /// A merge sets exactly the leaves it names: scalars, arrays and empty maps outside arrays.
    private mutating func recordLeaf(at position: Position) {
        if kind == .merge, !position.insideArray, !position.isOperand, !components.isEmpty {
            fieldMask.append(currentPath)
        }
    }

    mutating func parseMap(_ dictionary: [String: Any], at position: Position) throws(WritePathError) -> FirestoreMap {
        if !components.isEmpty { try checkNesting(position) }
        if dictionary.isEmpty {
            recordLeaf(at: position)
            return FirestoreMap()
        }
        var map = FirestoreMap()
        let child = Position(insideArray: position.insideArray, isArrayElement: false,
                             isOperand: position.isOperand, depth: position.depth + (components.isEmpty ? 0 : 1))
        for (key, value) in UserDataParser.sortedEntries(dictionary) {
            components.append(.key(key))
            try validateFieldName(key, at: position)
            if let parsed = try parseValue(value, at: child) {
                map[key] = parsed
            }
            components.removeLast()
        }
        return map
    }

    private mutating func parseArray(_ array: [Any], at position: Position) throws(WritePathError) -> FirestoreValue {
        if position.isArrayElement {
            throw WritePathError(.nestedArray, at: currentPath, "Nested arrays are not supported")
        }
        try checkNesting(position)
        recordLeaf(at: position)
        var elements: [FirestoreValue] = []
        elements.reserveCapacity(array.count)
        let child = Position(insideArray: true, isArrayElement: true, isOperand: position.isOperand, depth: position.depth + 1)
        for (index, element) in array.enumerated() {
            components.append(.index(index))
            elements.append(try parseValue(element, at: child) ?? .null)
            components.removeLast()
        }
        return .array(elements)
    }

    private func checkNesting(_ position: Position) throws(WritePathError) {
        if position.depth + 1 > options.maximumNesting {
            throw WritePathError(.nestingTooDeep, at: currentPath,
                                 "Maps and arrays nested deeper than \(options.maximumNesting) levels are not supported")
        }
    }

    /// `ParseContext::ValidatePathSegment`: names must be non-empty and, in write data, must
    /// not both begin and end with `__` (so `__` and `___` are refused too).
    private func validateFieldName(_ name: String, at position: Position) throws(WritePathError) {
        if name.isEmpty {
            throw WritePathError(.emptyFieldName, at: currentPath, "Invalid data. Document fields must not be empty")
        }
        if !position.isOperand, name.utf8.starts(with: "__".utf8), name.utf8.reversed().starts(with: "__".utf8) {
            throw WritePathError(.reservedFieldName, at: currentPath,
                                 "Invalid data. Document fields cannot begin and end with \"__\"")
        }
    }

    // MARK: Sentinels

    private mutating func parseSentinel(_ sentinel: FieldValue, at position: Position) throws(WritePathError) {
        let method = sentinel.methodName
        if position.isOperand {
            throw WritePathError(.sentinelInArray, at: currentPath, "\(method) can only be used with updateData() and setData()")
        }
        if position.insideArray {
            throw WritePathError(.sentinelInArray, at: currentPath, "\(method) is not currently supported inside arrays")
        }
        let path = currentPath
        switch sentinel.kind {
        case .delete:
            switch kind {
            case .merge:
                deletes.append(path)
            case .update:
                throw WritePathError(.deleteNotAtTopLevel, at: path,
                                     "FieldValue.delete() can only appear at the top level of your update data")
            case .set:
                throw WritePathError(.deleteOutsideMerge, at: path,
                                     "FieldValue.delete() can only be used with updateData() and setData() with merge:true")
            }
        case .serverTimestamp:
            transforms.append(FieldTransform(path: path, kind: .serverTimestamp))
        case .arrayUnion(let elements):
            transforms.append(FieldTransform(path: path, kind: .arrayUnion(try parseOperands(elements, at: position))))
        case .arrayRemove(let elements):
            transforms.append(FieldTransform(path: path, kind: .arrayRemove(try parseOperands(elements, at: position))))
        case .incrementInteger(let operand):
            transforms.append(FieldTransform(path: path, kind: .increment(.integer(operand))))
        case .incrementDouble(let operand):
            transforms.append(FieldTransform(path: path, kind: .increment(.double(operand))))
        }
    }

    /// `parseArrayTransformElements:`: each element is parsed as a query argument (no
    /// sentinels, no arrays directly inside).
    private mutating func parseOperands(_ elements: [Any], at position: Position) throws(WritePathError) -> [FirestoreValue] {
        var values: [FirestoreValue] = []
        values.reserveCapacity(elements.count)
        let child = Position(insideArray: true, isArrayElement: true, isOperand: true, depth: position.depth + 1)
        for (index, element) in elements.enumerated() {
            components.append(.index(index))
            values.append(try parseValue(element, at: child) ?? .null)
            components.removeLast()
        }
        return values
    }

    // MARK: Helpers

    /// The stored value of a `String`, `Int`, `Double` or `Bool` by exact type, else nil.
    static func commonScalar(_ value: Any, _ dynamicType: Any.Type) -> FirestoreValue? {
        if dynamicType == String.self, let string = value as? String { return .string(string) }
        if dynamicType == Int.self, let integer = value as? Int { return .integer(Int64(integer)) }
        if dynamicType == Double.self, let double = value as? Double { return .double(double) }
        if dynamicType == Bool.self, let boolean = value as? Bool { return .boolean(boolean) }
        return nil
    }

    /// The dictionary's entries in UTF-8 byte order of their keys.
    static func sortedEntries(_ dictionary: [String: Any]) -> LazyMapSequence<[Dictionary<String, Any>.Index], (key: String, value: Any)> {
        var indices = Array(dictionary.indices)
        indices.sort { utf8Precedes(dictionary[$0].key, dictionary[$1].key) }
        return indices.lazy.map { dictionary[$0] }
    }

    /// Whether `a` sorts before `b` by UTF-8 bytes (that is, by code points).
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                let common = min(left.count, right.count)
                if common > 0, let l = left.baseAddress, let r = right.baseAddress {
                    let order = memcmp(l, r, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }

    /// The value inside any number of `Optional` layers; `OptionalNone` for a nil.
    static func unwrapOptional(_ value: Any) -> Any {
        var current = value
        while let optional = current as? AnyOptional {
            guard let wrapped = optional.wrappedAny else { return OptionalNone() }
            current = wrapped
        }
        return current
    }
}

/// An `Optional` seen through `Any`.
protocol AnyOptional {
    /// The wrapped value, or nil.
    var wrappedAny: Any? { get }
}

extension Optional: AnyOptional {
    var wrappedAny: Any? {
        switch self {
        case .none: return nil
        case .some(let wrapped): return wrapped
        }
    }
}

/// Stands for `Optional.none` found inside an `Any`: stored as null.
struct OptionalNone {}
