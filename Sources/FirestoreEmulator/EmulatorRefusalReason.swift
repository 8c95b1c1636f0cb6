import FirestoreModel

/// What an emulator refusal's message says: the limits it can stand for, as Crossfire names its
/// rules, and the field it names, when it names one. The emulator's messages are its own wording
/// (`field name '__x__' is reserved.`); those not known here have no rule.
package struct EmulatorRefusalReason: Hashable, Sendable {
    /// Where in the document the named field is, as the message places it.
    package enum Named: Hashable, Sendable {
        /// A field name anywhere in the document (`field name '__x__' is reserved.`).
        case fieldName(String)
        /// A top-level field (`Property x contains an invalid nested entity.`).
        case topLevelField(String)
    }

    /// The rules the message can stand for, the likeliest first; empty when no rule of
    /// Crossfire's model says it. "Property P contains an invalid nested entity." is the
    /// emulator's message for a map or array too deep, for a field path too long below P, and
    /// for a map with the vector's reserved key `__type__` that is no vector.
    package let rules: [LimitViolation.Rule]
    /// The field the message names, if any.
    package let named: Named?

    /// The likeliest rule the message stands for, nil when none.
    package var rule: LimitViolation.Rule? { rules.first }

    /// Reads an emulator message. Its parts are matched by UTF-8 bytes, never by Characters: a
    /// field name may begin with a combining mark, which as a Character would take in the
    /// space before it.
    package init(message: String) {
        let text = Array(message.utf8)
        if text.starts(with: "Cannot convert an array value in an array value".utf8) {
            (rules, named) = ([.nestedArray], nil)
        } else if text.starts(with: "Geo point latitude".utf8) || text.starts(with: "Geo point longitude".utf8) {
            (rules, named) = ([.invalidGeoPoint], nil)
        } else if text.starts(with: "The property.name is the empty string".utf8) {
            (rules, named) = ([.emptyFieldName], nil)
        } else if text.starts(with: "The property.name is longer than".utf8) {
            (rules, named) = ([.fieldNameTooLong], nil)
        } else if let name = Self.between(text, "field name '", "' is reserved.") ?? Self.between(text, "field name ", " is reserved") {
            (rules, named) = ([.reservedFieldName], .fieldName(name))
        } else if let name = Self.between(text, "Property ", " contains an invalid nested entity.") {
            (rules, named) = ([.nestingTooDeep, .fieldPathTooLong, .reservedFieldName], .topLevelField(name))
        } else if text.starts(with: "Vector cannot contain NaN".utf8) || text.starts(with: "Cannot have a zero length vector".utf8)
                    || text.starts(with: "Cannot convert a vector value in an array value".utf8) {
            // Rules of the emulator's own, which Crossfire's model does not have (Docs/emulator-differences.md).
            (rules, named) = ([], nil)
        } else if text.starts(with: "Vector ".utf8) {
            // A map holding `__type__: "__vector__"` that is no vector: the model refuses the reserved key.
            (rules, named) = ([.reservedFieldName], .fieldName("__type__"))
        } else {
            (rules, named) = ([], nil)
        }
    }

    /// What `text` holds between `prefix` and `suffix`, when it is exactly that.
    private static func between(_ text: [UInt8], _ prefix: String, _ suffix: String) -> String? {
        let (head, tail) = (Array(prefix.utf8), Array(suffix.utf8))
        guard text.count >= head.count + tail.count, text.starts(with: head), text.suffix(tail.count).elementsEqual(tail) else { return nil }
        return String(decoding: text[head.count..<(text.count - tail.count)], as: UTF8.self)
    }

    /// Whether a violation the model found is one the message stands for: one of its rules,
    /// and the field the message names (if any) where the violation is.
    package func matches(_ violation: LimitViolation) -> Bool {
        guard rules.contains(violation.rule) else { return false }
        switch named {
        case nil: return true
        case .fieldName(let name)?:
            guard case .key(let key)? = violation.path.components.last else { return false }
            return key.utf8.elementsEqual(name.utf8)
        case .topLevelField(let name)?:
            guard case .key(let key)? = violation.path.components.first else { return false }
            return key.utf8.elementsEqual(name.utf8)
        }
    }

    /// The first place in `fields` the message's field is (depth first, keys in byte order),
    /// nil when it names none or none is there.
    package func place(in fields: FirestoreMap) -> ValuePath? {
        switch named {
        case nil: return nil
        case .topLevelField(let name)?:
            return fields.contains(key: name) ? ValuePath([.key(name)]) : nil
        case .fieldName(let name)?:
            var pending: [(ValuePath, FirestoreValue)] = fields.sortedByKey().reversed().map { (ValuePath([.key($0.key)]), $0.value) }
            while let (path, value) = pending.popLast() {
                if case .key(let key)? = path.components.last, key.utf8.elementsEqual(name.utf8) { return path }
                switch value {
                case .map(let map):
                    pending += map.sortedByKey().reversed().map { (ValuePath(path.components + [.key($0.key)]), $0.value) }
                case .array(let elements):
                    pending += elements.indices.reversed().map { (ValuePath(path.components + [.index($0)]), elements[$0]) }
                default: break
                }
            }
            return nil
        }
    }
}
