/// The work list behind `DocumentValidator`: a depth-first walk that keeps the path of each
/// container it enters (not of every value) and builds a value's path only to report it.
struct LimitWalk {
    /// A value still to be checked.
    struct Item {
        let value: FirestoreValue
        /// Index in `trail` of the enclosing container, or −1 for the walk's base path.
        let parent: Int
        /// The step from the parent to this value (nil for a value at the base path itself).
        let component: ValuePath.Component?
        /// How many maps and arrays enclose the value (a top-level field's value: 0).
        let enclosing: Int
        /// Whether the value is directly an array element.
        let isArrayElement: Bool
    }

    let limits: FirestoreLimits
    let base: ValuePath
    var pending: [Item] = []
    /// The containers entered so far: each one's parent, the step to it, and the UTF-8 size of
    /// its field path (its map keys joined by `.`; nil while no key leads to it).
    var trail: [(parent: Int, component: ValuePath.Component?, fieldPathBytes: Int?)] = []
    var violations: [LimitViolation] = []

    init(limits: FirestoreLimits, base: ValuePath) {
        self.limits = limits
        self.base = base
    }

    mutating func run() {
        while let item = pending.popLast() {
            check(item)
        }
    }

    private mutating func check(_ item: Item) {
        switch item.value {
        case .string(let string):
            let size = string.utf8.count
            if size > limits.maxValueBytes {
                report(.stringTooLong, item, "string is \(size) bytes of UTF-8; the limit is \(limits.maxValueBytes)")
            }
        case .bytes(let data):
            if data.count > limits.maxValueBytes {
                report(.bytesTooLong, item, "bytes value is \(data.count) bytes; the limit is \(limits.maxValueBytes)")
            }
        case .timestamp(let timestamp):
            if !timestamp.isValid {
                report(.timestampOutOfRange, item,
                       "timestamp (seconds \(timestamp.seconds), nanoseconds \(timestamp.nanoseconds)) is outside "
                           + "0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999999999Z")
            }
        case .geoPoint(let point):
            if !point.isValid {
                report(.invalidGeoPoint, item,
                       "geopoint (\(point.latitude), \(point.longitude)) needs a finite latitude in [-90, 90] and longitude in [-180, 180]")
            }
        case .vector:
            checkDepth(item.enclosing + 2, item)
        case .array(let elements):
            if item.isArrayElement, !limits.allowsArraysInArrays {
                report(.nestedArray, item, "an array directly inside an array (Nested arrays are not supported)")
            }
            guard checkDepth(item.enclosing + 1, item) else { return }
            let container = enter(item)
            for index in elements.indices.reversed() {
                pending.append(Item(value: elements[index], parent: container, component: .index(index),
                                    enclosing: item.enclosing + 1, isArrayElement: true))
            }
        case .map(let map):
            guard checkDepth(item.enclosing + 1, item) else { return }
            checkEntries(of: map, parent: enter(item), enclosing: item.enclosing + 1)
        case .null, .boolean, .integer, .double, .reference:
            break
        }
    }

    /// Checks a map's field names and queues its values (so they are checked in key order).
    mutating func checkEntries(of map: FirestoreMap, parent: Int, enclosing: Int) {
        let entries = map.sortedByKey()
        for (key, _) in entries {
            checkName(key, parent: parent)
        }
        for (key, value) in entries.reversed() {
            pending.append(Item(value: value, parent: parent, component: .key(key), enclosing: enclosing, isArrayElement: false))
        }
    }

    private mutating func checkName(_ name: String, parent: Int) {
        let at = path(parent: parent, component: .key(name))
        let size = name.utf8.count
        if size == 0 {
            violations.append(LimitViolation(.emptyFieldName, at: at, "field name is empty"))
        } else if size > limits.maxFieldNameBytes {
            violations.append(LimitViolation(.fieldNameTooLong, at: at,
                                             "field name is \(size) bytes of UTF-8; the limit is \(limits.maxFieldNameBytes)"))
        } else if fieldPathBytes(parent: parent, then: name) > limits.maxFieldPathBytes {
            let pathSize = fieldPathBytes(parent: parent, then: name)
            violations.append(LimitViolation(.fieldPathTooLong, at: at,
                                             "field path is \(pathSize) bytes of UTF-8 (its keys joined by '.'); the limit is \(limits.maxFieldPathBytes)"))
        }
        if name.isReservedName {
            violations.append(LimitViolation(.reservedFieldName, at: at, "field name matches the reserved form __.*__"))
        }
    }

    /// Reports a container whose depth is over the limit; false when the walk must not descend.
    @discardableResult
    private mutating func checkDepth(_ depth: Int, _ item: Item) -> Bool {
        guard depth > limits.maxDepth else { return true }
        report(.nestingTooDeep, item, "maps and arrays nested \(depth) levels deep; the limit is \(limits.maxDepth)")
        return false
    }

    private mutating func enter(_ item: Item) -> Int {
        let size: Int? = if case .key(let key)? = item.component { fieldPathBytes(parent: item.parent, then: key) } else { fieldPathBytes(parent: item.parent) }
        trail.append((item.parent, item.component, size))
        return trail.count - 1
    }

    /// The UTF-8 size of the field path of the container `parent` (the base path's, for −1),
    /// nil while no key leads to it.
    private func fieldPathBytes(parent: Int) -> Int? {
        guard parent >= 0 else {
            let keys = base.components.compactMap { component -> Int? in
                if case .key(let key) = component { return key.utf8.count }
                return nil
            }
            return keys.isEmpty ? nil : keys.reduce(keys.count - 1, +)
        }
        return trail[parent].fieldPathBytes
    }

    /// The UTF-8 size of the field path of `name` inside the container `parent`.
    private func fieldPathBytes(parent: Int, then name: String) -> Int {
        guard let prefix = fieldPathBytes(parent: parent) else { return name.utf8.count }
        return prefix + 1 + name.utf8.count
    }

    private mutating func report(_ rule: LimitViolation.Rule, _ item: Item, _ message: String) {
        violations.append(LimitViolation(rule, at: path(parent: item.parent, component: item.component), message))
    }

    /// The full path of a value: the base, the containers from `trail`, then `component`.
    private func path(parent: Int, component: ValuePath.Component?) -> ValuePath {
        var steps: [ValuePath.Component] = component.map { [$0] } ?? []
        var index = parent
        while index >= 0 {
            if let step = trail[index].component { steps.append(step) }
            index = trail[index].parent
        }
        return ValuePath(base.components + steps.reversed())
    }
}
