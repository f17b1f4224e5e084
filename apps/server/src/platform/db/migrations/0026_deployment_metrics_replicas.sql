-- The pods a deployment ran at each metrics sample (an autoscaler moves it); older rows stay null.
ALTER TABLE "deployment_metrics" ADD COLUMN "replicas" integer;