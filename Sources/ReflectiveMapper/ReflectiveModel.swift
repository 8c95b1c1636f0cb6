import Foundation

/// What seed 002's `Salada.Object` gives a model class, and what the class overrides: the
/// ignore list and the two per-key hooks. Salada's two algorithms over it — `value`, which
/// writes a model by `Mirror` over its stored properties, and `read(_:)`, the key-by-key read
/// of a snapshot — are this protocol's extension.
protocol ReflectiveModel: AnyObject {
    /// Salada's `ignore`: the properties never written and never read. It names Swift
    /// properties, which are distinct identifiers, so a label is on it only when it is one of
    /// its names in code points (`é` and `e\u{301}` are two Firestore fields, though Swift's
    /// `==` calls them equal).
    var ignore: [String] { get }
    /// Salada's `encode(_:value:)` (model → Firestore): a non-nil result is written for `key`
    /// instead of what the table would write.
    func encode(_ key: String, value: Any?) -> Any?
    /// Salada's `decode(_:value:)` (snapshot → model): given the document's value for `key`,
    /// a hook that sets the property returns non-nil, and the table does not read it.
    func decode(_ key: String, value: Any?) -> Any?
    /// What KVC's `setValue(_:forKey:)` does for Salada: sets the property labelled `key`.
    func setValue(_ value: Any, forKey key: String)
}

/// A property a key-by-key read left as it was, and why.
struct UnreadProperty {
    /// The property's label (its key).
    var key: String
    /// Why it was not read.
    var reason: UnreadReason
}

extension ReflectiveModel {
    /// Salada's `value`: every stored property `Mirror` shows, but those on the ignore list,
    /// written under its label — a hook's result when the hook gives one, else the table's —
    /// and left out when neither writes it (a nil, an empty `[String]` or `Set<String>`, a type
    /// outside the table).
    var value: [String: Any] {
        var object: [String: Any] = [:]
        for child in Mirror(reflecting: self).children {
            guard let key = child.label, !isIgnored(key) else { continue }
            if let newValue = encode(key, value: child.value) {
                object[key] = newValue
                continue
            }
            if let stored = SaladaValue.from(value: child.value).stored {
                object[key] = stored
            }
        }
        return object
    }

    /// Salada's read of a snapshot: for every stored property but those on the ignore list, in
    /// declaration order, the hook first, then the table by the property's declared type
    /// (`Mirror(reflecting: value).subjectType`); a property neither reads keeps its value.
    /// - Returns: the properties left as they were, with why.
    func read(_ snapshot: [String: Any]) -> [UnreadProperty] {
        var unread: [UnreadProperty] = []
        for child in Mirror(reflecting: self).children {
            guard let key = child.label, !isIgnored(key) else { continue }
            if decode(key, value: snapshot[key]) != nil { continue }
            switch SaladaValue.read(snapshot[key], as: Mirror(reflecting: child.value).subjectType) {
            case .read(let value):
                if let property = value.property { setValue(property, forKey: key) }
            case .unread(let reason):
                unread.append(UnreadProperty(key: key, reason: reason))
            }
        }
        return unread
    }

    /// Whether a label is on the ignore list (`ignore.contains(key)`, by code points).
    private func isIgnored(_ key: String) -> Bool {
        ignore.contains { $0.utf8.elementsEqual(key.utf8) }
    }
}
