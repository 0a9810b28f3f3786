// What must hold before a PUBLISH goes out: a valid topic, QoS 0..2, properties only under MQTT 5, and the
// limits the server announced in CONNACK (Maximum QoS, Retain Available).

import { MqttProtocolError } from './bytes.js';
import { checkTopicName } from './topics.js';

export function checkPublish({ topic, qos, retain, properties }, version, serverLimits) {
  checkTopicName(topic);
  if (![0, 1, 2].includes(qos)) {
    throw new MqttProtocolError(`QoS ${qos} does not exist; use 0, 1 or 2`);
  }
  if (version === 4 && Object.values(properties).some((v) => v !== undefined && v !== null)) {
    throw new MqttProtocolError('MQTT 3.1.1 has no message properties; connect with MQTT 5 to send them');
  }
  if (properties.responseTopic !== undefined) {
    checkTopicName(properties.responseTopic);
  }
  if (qos > (serverLimits.maximumQos ?? 2)) {
    throw new MqttProtocolError(`the server accepts QoS up to ${serverLimits.maximumQos}`);
  }
  if (retain && serverLimits.retainAvailable === 0) {
    throw new MqttProtocolError('the server does not support retained messages');
  }
}
