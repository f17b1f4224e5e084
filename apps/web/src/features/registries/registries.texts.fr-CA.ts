/** The Saved registries dialog's texts in Canadian French (docs/i18n.md). */
export const frCA = {
  'registries.title': 'Registres enregistrés',
  'registries.intro':
    'Les identifiants de vos registres Docker privés, enregistrés une fois et choisis par leur nom dans le formulaire de base. Meridian ne réaffiche jamais un mot de passe.',
  'registries.empty': 'Aucun registre enregistré pour le moment',
  'registries.emptyHint':
    'Ajoutez-en un ci-dessous, ou enregistrez les identifiants que vous saisissez dans le formulaire de base.',
  'registries.column.name': 'Nom',
  'registries.column.url': 'URL',
  'registries.column.username': "Nom d'utilisateur",
  'registries.column.createdAt': 'Enregistré',
  'registries.delete': 'Supprimer',
  'registries.delete.ariaLabel': 'Supprimer le registre {name}',
  'registries.delete.title': 'Supprimer le registre {name}?',
  'registries.delete.body':
    "Il n'est plus proposé dans le formulaire de base. Les versions déjà créées avec celui-ci conservent leurs paramètres.",
  'registries.deleted': 'Registre {name} supprimé.',
  'registries.deleteFailed': 'Impossible de supprimer le registre {name}.',
  'registries.fetchFailed': 'Impossible de récupérer vos registres enregistrés.',
  'registries.add.title': 'Ajouter un registre',
  'registries.add.name': 'Nom',
  'registries.add.namePlaceholder': "p. ex. registre de l'entreprise",
  'registries.add.url': 'URL',
  'registries.add.urlPlaceholder': 'p. ex. https://registry.example.com',
  'registries.add.username': "Nom d'utilisateur",
  'registries.add.password': 'Mot de passe',
  'registries.add.submit': 'Enregistrer le registre',
  'registries.added': 'Registre {name} enregistré.',
  'registries.addFailed': "Impossible d'enregistrer le registre.",
  'registries.close': 'Fermer',
};
