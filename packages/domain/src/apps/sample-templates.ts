/** The downloadable sample templates of the app creation drawer (spec "Screens and routes", "Business constants and limits"). */

export const sampleHeatTemplateName = 'sample-heat-template.yaml';
export const sampleKubernetesTemplateName = 'sample-kubernetes-template.yaml';

export const sampleHeatTemplate = `heat_template_version: 2018-08-31

description: A server with a data volume, ready when its wait condition is signalled.

parameters:
  keypair_name:
    type: string
    description: Name of the keypair used to log in to the server (Meridian passes yours)
  external_network_id:
    type: string
    description: ID of the external network the server is attached to
    default: public
  flavor_id:
    type: string
    description: Flavor of the server (Meridian passes the flavor chosen in the form)
  image_name:
    type: string
    description: Image the server boots from
    default: ubuntu-24.04
  volume_type:
    type: string
    description: Type of the data volume (Meridian passes SSD or HDD, as chosen in the form)
  volume_size:
    type: number
    description: Size of the data volume in GB
    default: 50

resources:
  wait_handle:
    type: OS::Heat::WaitConditionHandle

  wait_condition:
    type: OS::Heat::WaitCondition
    depends_on: server
    properties:
      handle: { get_resource: wait_handle }
      count: 1
      timeout: 7200

  data_volume:
    type: OS::Cinder::Volume
    properties:
      size: { get_param: volume_size }
      volume_type: { get_param: volume_type }

  server:
    type: OS::Nova::Server
    properties:
      key_name: { get_param: keypair_name }
      flavor: { get_param: flavor_id }
      image: { get_param: image_name }
      networks:
        - network: { get_param: external_network_id }
      user_data_format: RAW
      user_data:
        str_replace:
          template: |
            #!/bin/sh
            wc_notify --data-binary '{"status": "SUCCESS"}'
          params:
            wc_notify: { get_attr: [wait_handle, curl_cli] }

  volume_attachment:
    type: OS::Cinder::VolumeAttachment
    properties:
      instance_uuid: { get_resource: server }
      volume_id: { get_resource: data_volume }

outputs:
  server_ip:
    description: Address of the server
    value: { get_attr: [server, first_address] }
`;

export const sampleKubernetesTemplate = `apiVersion: v1
kind: Namespace
metadata:
  name: sample-app
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: sample-app
  namespace: sample-app
  labels:
    app: sample-app
spec:
  replicas: 1
  selector:
    matchLabels:
      app: sample-app
  template:
    metadata:
      labels:
        app: sample-app
    spec:
      containers:
        - name: sample-app
          image: nginx:1.27
          ports:
            - name: http
              containerPort: 80
---
apiVersion: v1
kind: Service
metadata:
  name: sample-app
  namespace: sample-app
spec:
  type: LoadBalancer
  selector:
    app: sample-app
  ports:
    - name: http
      protocol: TCP
      port: 80
      targetPort: 80
`;
