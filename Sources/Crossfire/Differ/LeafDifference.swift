import FirestoreModel
import ModelSchema

/// One place where two values differ, named as deep as it can be: the deepest struct field,
/// element or entry at which they part, with what each side holds there (`.absent` when one
/// side lacks the element or entry).
package struct LeafDifference: Hashable, Sendable {
    /// The two sets a set element was compared within, so that a judgement about the element
    /// can see the whole set (which elements storage made equal, for one).
    package struct EnclosingSet: Hashable, Sendable {
        /// The set's coding path.
        package var path: ValuePath
        /// The first side's set.
        package var left: ModelValue
        /// The second side's set.
        package var right: ModelValue
    }

    /// The coding path of the leaf (struct fields by coding key, elements by index, dictionary
    /// entries by their stored key).
    package var path: ValuePath
    /// What the first value holds there.
    package var left: LeafValue
    /// What the second value holds there.
    package var right: LeafValue
    /// For a leaf inside a set element: the two sets (the innermost one).
    package var enclosingSet: EnclosingSet?

    /// Creates a difference.
    package init(path: ValuePath, left: LeafValue, right: LeafValue, enclosingSet: EnclosingSet? = nil) {
        self.path = path
        self.left = left
        self.right = right
        self.enclosingSet = enclosingSet
    }

    /// The value on the side whose set indexes the path uses: the first side's, unless it
    /// lacks the leaf.
    package var side: LeafValue { left == .absent ? right : left }

    /// Whether something reported at `path` (a lenient mapper's default) is about this leaf:
    /// the one path is inside the other, or it is inside the set this leaf was compared in
    /// (whose elements the two sides number in their own orders).
    package func concerns(_ path: ValuePath) -> Bool {
        self.path.isPrefix(of: path) || path.isPrefix(of: self.path) || (enclosingSet?.path.isPrefix(of: path) ?? false)
    }
}

extension ModelSchema {
    /// The text a dictionary key of a model value is stored under: a `String` key as is, an
    /// `Int` key in decimal, an enum case by its raw value (or its name, for an enum without
    /// raw values).
    package func storedKeyText(_ key: ModelValue, keyType: DictionaryKeyType) -> String {
        switch (key, keyType) {
        case (.string(let text), _): return text
        case (.int(let number), _): return String(number)
        case (.enumCase(let name), .enumeration(let enumName)):
            guard let enumSchema = enumSchema(named: enumName), let enumCase = enumSchema.enumCase(named: name),
                  let raw = enumSchema.rawValue(of: enumCase) else { return name }
            switch raw {
            case .string(let text): return text
            case .int(let number): return String(number)
            }
        default: return key.description
        }
    }
}
