// Seed 001's model and its hand mapper ("【Swift】Firebase用のモデルをstructで作成"), as written,
// with two changes a team makes when it moves to Codable: `User` and `MemberClass` conform to
// `Codable`. The test reads them through `@testable import Models`. `import CoreLocation` is in
// CoreLocationStandIn.swift: CoreLocation does not exist on Linux.
import FirebaseFirestore

struct User: Codable {
    var uid: String
    var name: String
    var imageUrl: String = ""
    var memberClass: MemberClass = .free
    var createdAt: Date?
    var currentLocation: CLLocationCoordinate2D?

    // String型にすれば勝手にrawValueがcaseと同じになる
    enum MemberClass: String, Codable {
        case free
        case paid
    }

    // 最低限の項目で初期化する
    init(uid: String, name: String) {
        self.uid = uid
        self.name = name
    }

    // Firebaseから取り出す場合
    init(_ uid: String, data: [String: Any]) {
        self.uid = uid
        name = data["name"] as? String ?? ""
        imageUrl = data["imageUrl"] as? String ?? ""
        if let memberClassString = data["memberClass"] as? String {
            // stringをenumに変換
            if let memberClass = MemberClass(rawValue: memberClassString) {
                self.memberClass = memberClass
            }
        }
        if let geopoint = data["currentLocation"] as? FirebaseFirestore.GeoPoint {
            currentLocation = CLLocationCoordinate2DMake(geopoint.latitude, geopoint.longitude)
        }
        if let dataCreatedAt = data["createdAt"] as? FirebaseFirestore.Timestamp {
            createdAt = dataCreatedAt.dateValue()
        }
    }

    // Firebaseに入れる場合
    var dictionary: [String: Any] {
        var dictionary = [String: Any]()
        dictionary["name"] = name
        dictionary["imageUrl"] = imageUrl
        dictionary["memberClass"] = memberClass.rawValue
        if let currentLocation = currentLocation {
            dictionary["currentLocation"] = FirebaseFirestore
                        .GeoPoint(latitude: Double(currentLocation.latitude),
                                  longitude: Double(currentLocation.longitude))
        } else {
            dictionary["currentLocation"] = NSNull() // Nullの場合
        }
        dictionary["createdAt"] = FieldValue.serverTimestamp()
        return dictionary
    }
}
